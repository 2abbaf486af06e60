import { withinLibrary } from '../../access/libraries';
import type { z } from 'zod';
import type {
  AudioCollectionEditSchema,
  Collection,
  CollectionEditSchema,
  CollectionWithFiles,
  SearchResponse,
} from '../../../domain/collection';
import type { Unlocked } from '../../../domain/collection-page';
import type { Homepage } from '../../../domain/homepage';
import type { Caller } from '../../access/caller';
import {
  COLLECTION_NOT_FOUND,
  requireBrowse,
  seesMissingFiles,
  seesNonAudioFiles,
} from '../../access/collections';
import { missingOnDisk } from '../../media/on-disk';
import { uniqueFolded } from '../../../domain/search-text';
import { NotFound } from '../../errors';
import type { CatalogueEditRepository } from './catalogue-edit.repository';
import type { CatalogueReadRepository } from './catalogue-read.repository';
import {
  toWireCollection,
  toWireCollectionFile,
  type CollectionWireRow,
} from './collection-mapper';
import type { HomepageService } from './homepage.service';
import type { ParsedSearchFilter, SearchRepository } from './search.repository';
import type { StoredFiles } from '../../storage/stored-files';

/** Catalogue reads and admin edits; every read is filtered by what the viewer may see. */
export class CatalogueService {
  constructor(
    private readonly read: CatalogueReadRepository,
    private readonly searchRepo: SearchRepository,
    private readonly edit: CatalogueEditRepository,
    private readonly homepageService: HomepageService,
    private readonly files: StoredFiles,
  ) {}

  /** The caller, who must be allowed to browse to read the catalogue. */
  viewer(caller: Caller): Caller {
    requireBrowse(caller);
    return caller;
  }

  async search(filter: ParsedSearchFilter, viewer: Caller): Promise<SearchResponse> {
    // The browse page's library filter narrows what the viewer's visibility lists.
    const scope = filter.libraryId ? withinLibrary(viewer, filter.libraryId) : viewer;
    const result = await this.searchRepo.search(filter, scope);
    return {
      data: await this.wire(result.rows, viewer),
      artists: result.artists,
      labels: result.labels,
    };
  }

  homepage(viewer: Caller): Promise<Homepage> {
    return this.homepageService.homepage(viewer, (rows) => this.wire(rows, viewer));
  }

  async collection(id: number, viewer: Caller): Promise<CollectionWithFiles> {
    const [found] = await this.withFiles([id], viewer, seesNonAudioFiles(viewer));
    if (found === undefined) throw new NotFound(COLLECTION_NOT_FOUND);
    if (!seesMissingFiles(viewer)) return found;
    // One access() per file of one page: cheap, and an admin sees a lost file before a listener.
    const paths = await this.read.pathsOf(found.files.map((f) => f.file.fileId));
    const missing = await missingOnDisk(this.files, [...paths.values()]);
    for (const entry of found.files) {
      const path = paths.get(entry.file.fileId);
      entry.file.fileMissing = path !== undefined && missing.has(path);
    }
    return found;
  }

  /** For the player queue: visible collections in the order asked, audio files only. */
  bulk(ids: number[], viewer: Caller): Promise<CollectionWithFiles[]> {
    return this.withFiles(ids, viewer, false);
  }

  async unlocked(id: number, viewer: Caller): Promise<Unlocked> {
    await this.visibleRow(id, viewer);
    const unlock = await this.read.findUnlock(viewer.userId, id);
    return { unlocked: unlock !== undefined, transcode: Number(unlock?.transcode ?? 0) === 1 };
  }

  async recommendations(id: number, count: number, viewer: Caller): Promise<Collection[]> {
    await this.visibleRow(id, viewer);
    const related = await this.read.relatedIds(id, viewer, count);
    const rows = await this.read.collectionsByIds(related, viewer);
    const byId = new Map(rows.map((r) => [Number(r.collection_id), r]));
    const ordered = related.flatMap((rid) => byId.get(rid) ?? []);
    if (ordered.length < count) {
      // Too few shared artists, labels or genres: fill up with the newest releases.
      ordered.push(...(await this.read.newest(viewer, [id, ...related], count - ordered.length)));
    }
    return this.wire(ordered, viewer);
  }

  async editCollection(
    id: number,
    input: z.output<typeof CollectionEditSchema>,
    viewer: Caller,
  ): Promise<Collection> {
    const tags = input.collectionTags && [...new Set(input.collectionTags)];
    const found = await this.edit.updateCollection(id, {
      name: input.collectionName,
      hidden: input.collectionHidden,
      tags,
      price: input.collectionPrice,
      description: input.collectionDescription,
    });
    if (!found) throw new NotFound(COLLECTION_NOT_FOUND);
    return this.wire([await this.visibleRow(id, viewer)], viewer).then((c) => c[0]!);
  }

  async editAudio(
    id: number,
    input: z.output<typeof AudioCollectionEditSchema>,
    viewer: Caller,
  ): Promise<Collection> {
    const found = await this.edit.updateAudioFields(id, {
      label: input.audioLabel,
      releaseDate: input.audioReleaseDate,
      albumArtist: input.audioAlbumArtist,
      // The same genre twice (or in two spellings of case) is one genre.
      genres: input.audioGenres && uniqueFolded(input.audioGenres),
    });
    if (!found) throw new NotFound(COLLECTION_NOT_FOUND);
    return this.wire([await this.visibleRow(id, viewer)], viewer).then((c) => c[0]!);
  }

  private async visibleRow(id: number, viewer: Caller): Promise<CollectionWireRow> {
    const [row] = await this.read.collectionsByIds([id], viewer);
    // Hidden and blacklisted collections answer like unknown ones: their existence is private.
    if (row === undefined) throw new NotFound(COLLECTION_NOT_FOUND);
    return row;
  }

  private async withFiles(
    ids: number[],
    viewer: Caller,
    withNonAudio: boolean,
  ): Promise<CollectionWithFiles[]> {
    const rows = await this.read.collectionsByIds(ids, viewer);
    const collections = await this.wire(rows, viewer);
    const files = await this.read.filesOf(
      collections.map((c) => c.collectionId),
      withNonAudio,
    );
    const byCollection = new Map<number, CollectionWithFiles>(
      collections.map((c) => [c.collectionId, { collection: c, files: [] }]),
    );
    for (const file of files) {
      byCollection.get(Number(file.collection_id))?.files.push(toWireCollectionFile(file));
    }
    return [...new Set(ids)].flatMap((id) => byCollection.get(id) ?? []);
  }

  /** Maps rows to the wire, with the caller's unlocks fetched in one query. */
  private async wire(rows: CollectionWireRow[], viewer: Caller): Promise<Collection[]> {
    const unlocked = await this.read.unlockedAmong(
      viewer.userId,
      rows.map((r) => Number(r.collection_id)),
    );
    return rows.map((row) =>
      toWireCollection(row, unlocked.has(Number(row.collection_id)) ? viewer.userId : null),
    );
  }
}
