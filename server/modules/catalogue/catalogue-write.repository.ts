import type { Transaction } from 'kysely';
import type { CommentsRepository } from '../comments';
import { nowIso, type Db, type Dialect } from '../../db/database';
import type { Database } from '../../db/tables';
import type { StoredImage } from '../../media/image-store';
import type { TrackInfo } from '../../media/audio-tags';
import type { Loudness } from '../../media/loudness';
import { CollectionDerivedRepository } from './collection-derived.repository';
import { withExecutor } from '../../db/with-executor';
import { LibraryFilesRepository } from './library-files.repository';
import { TrackTagsRepository, type TrackLinks } from './track-tags.repository';

export type Executor = Db | Transaction<Database>;

export interface NewFile {
  collectionId: number;
  path: string;
  relativePath: string;
  size: number;
  modifiedAt: string;
  imageHash: string | null;
  /** The stat a rescan compares (folder-scan.ts) and the content fingerprint (0056). */
  stampBytes?: number;
  stampMs?: number;
  fingerprint?: string | null;
}

/** Other modules' repositories the catalogue's writes reach, handed in by server/root. */
export interface CatalogueLinks extends TrackLinks {
  comments: CommentsRepository;
}

/** The writes the library import and the admin media calls make to the catalogue. */
export class CatalogueWriteRepository {
  /** The rescan's rows (stats, missing marks, moves), beside the import's writes. */
  readonly libraryFiles: LibraryFilesRepository;

  constructor(
    readonly db: Db,
    private readonly dialect: Dialect,
    private readonly linked: CatalogueLinks,
  ) {
    this.libraryFiles = new LibraryFilesRepository(db);
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Whether the library holds any collection at all (the demo library fills an empty one). */
  async isEmpty(): Promise<boolean> {
    const any = await this.db
      .selectFrom('collections')
      .select('collection_id')
      .limit(1)
      .executeTakeFirst();
    return any === undefined;
  }

  /** Which of these absolute paths are already in the library. */
  async knownPaths(paths: string[]): Promise<Set<string>> {
    const known = new Set<string>();
    for (let i = 0; i < paths.length; i += 500) {
      const rows = await this.db
        .selectFrom('files')
        .select('path')
        .where('path', 'in', paths.slice(i, i + 500))
        .execute();
      for (const row of rows) known.add(row.path);
    }
    return known;
  }

  /** Rewrites a known track's tag-derived rows (audio, artists, lyrics); its file id stays. */
  async updateAudio(fileId: number, info: TrackInfo, db: Executor = this.db): Promise<void> {
    await new TrackTagsRepository(db, this.linked).update(fileId, info);
  }

  /** Artists nothing credits any more, after tracks were re-read or deleted. */
  async deleteUnlinkedArtists(): Promise<void> {
    await this.linked.artists.deleteUnlinked();
  }

  /** Records a stored image once: tracks sharing a cover save it at the same time. */
  async saveImage(image: StoredImage, db: Executor = this.db): Promise<void> {
    await db
      .insertInto('images')
      .values({
        image_hash: image.hash,
        mime: image.mime,
        width: image.width,
        height: image.height,
        size: image.size,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('image_hash').doNothing())
      .execute();
  }

  async findCollectionByImportKey(
    importKey: string,
    db: Executor = this.db,
  ): Promise<number | null> {
    const row = await db
      .selectFrom('collections')
      .select('collection_id')
      .where('import_key', '=', importKey)
      .executeTakeFirst();
    return row?.collection_id ?? null;
  }

  async createCollection(
    values: {
      name: string;
      folder: string;
      importKey: string;
      imageHash: string | null;
      /** The library folder it came from; undefined for uploads and hand-overs. */
      libraryId?: number;
    },
    db: Executor = this.db,
  ): Promise<number> {
    const now = nowIso();
    const commentGroupId = await withExecutor(this.linked.comments, db).insertGroup(now);
    const row = await db
      .insertInto('collections')
      .values({
        name: values.name,
        folder: values.folder,
        import_key: values.importKey,
        image_hash: values.imageHash,
        library_id: values.libraryId ?? null,
        added_at: now,
        comment_group_id: commentGroupId,
      })
      .returning('collection_id')
      .executeTakeFirstOrThrow();
    return row.collection_id;
  }

  async setCollectionImageIfMissing(
    collectionId: number,
    imageHash: string,
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .updateTable('collections')
      .set({ image_hash: imageHash })
      .where('collection_id', '=', collectionId)
      .where('image_hash', 'is', null)
      .execute();
  }

  async addFile(file: NewFile, db: Executor = this.db): Promise<number> {
    const row = await db
      .insertInto('files')
      .values({
        collection_id: file.collectionId,
        path: file.path,
        relative_path: file.relativePath,
        size: file.size,
        modified_at: file.modifiedAt,
        added_at: nowIso(),
        image_hash: file.imageHash,
        size_bytes: file.stampBytes ?? file.size,
        mtime_ms: file.stampMs === undefined ? null : Math.floor(file.stampMs),
        fingerprint: file.fingerprint ?? null,
      })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    return row.file_id;
  }

  async addAudio(fileId: number, info: TrackInfo, db: Executor = this.db): Promise<void> {
    await new TrackTagsRepository(db, this.linked).insert(fileId, info);
  }

  async setWaveform(fileId: number, peaks: number[]): Promise<void> {
    await this.db
      .updateTable('audio')
      .set({ waveform: JSON.stringify(peaks) })
      .where('file_id', '=', fileId)
      .execute();
  }

  /** Stores a measure; a failed one only counts the attempt, so the backfill can give up. */
  async setLoudness(fileId: number, measure: Loudness | null): Promise<void> {
    await this.db
      .updateTable('audio')
      .set((eb) => ({
        ...(measure ? { loudness: measure.integrated, true_peak: measure.truePeak } : {}),
        loudness_attempts: eb('loudness_attempts', '+', 1),
      }))
      .where('file_id', '=', fileId)
      .execute();
  }

  /**
   * Audio files never measured (or whose measure failed fewer than `maxAttempts` times), in
   * file id order after `afterId`: the backfill's cursor, so a failing file is passed over.
   */
  async filesWithoutLoudness(
    afterId: number,
    limit: number,
    maxAttempts: number,
  ): Promise<Array<{ fileId: number; path: string }>> {
    const rows = await this.db
      .selectFrom('audio')
      .innerJoin('files', 'files.file_id', 'audio.file_id')
      .select(['files.file_id', 'files.path'])
      .where('audio.loudness', 'is', null)
      .where('audio.loudness_attempts', '<', maxAttempts)
      .where('files.file_id', '>', afterId)
      .orderBy('files.file_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ fileId: Number(r.file_id), path: r.path }));
  }

  /** Audio files that still need their waveform peaks. */
  async filesWithoutWaveform(limit: number): Promise<Array<{ fileId: number; path: string }>> {
    const rows = await this.db
      .selectFrom('audio')
      .innerJoin('files', 'files.file_id', 'audio.file_id')
      .select(['files.file_id', 'files.path'])
      .where('audio.waveform', 'is', null)
      .limit(limit)
      .execute();
    return rows.map((r) => ({ fileId: r.file_id, path: r.path }));
  }

  async updateStoreFields(
    collectionId: number,
    fields: { price: number | null; hidden: boolean; description: string },
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .updateTable('collections')
      .set({ price: fields.price, hidden: fields.hidden ? 1 : 0, description: fields.description })
      .where('collection_id', '=', collectionId)
      .execute();
  }

  /** Gives the collection's untagged tracks a label, then refreshes what is derived from them. */
  async setLabelIfMissing(collectionId: number, label: string): Promise<void> {
    await this.transaction(async (trx) => {
      const files = trx
        .selectFrom('files')
        .select('file_id')
        .where('collection_id', '=', collectionId);
      await trx
        .updateTable('audio')
        .set({ label })
        .where('label', 'is', null)
        .where('file_id', 'in', files)
        .execute();
      await this.refreshAggregates(collectionId, trx);
    });
  }

  async setTags(collectionId: number, tags: string[], db: Executor = this.db): Promise<void> {
    await db
      .updateTable('collections')
      .set({ tags: JSON.stringify(tags) })
      .where('collection_id', '=', collectionId)
      .execute();
    await new CollectionDerivedRepository(db, this.linked.artists).replaceCollectionTerms(
      collectionId,
      ['tag'],
      tags.map((value) => ({ kind: 'tag' as const, value })),
    );
  }

  /** Recomputes the aggregated audio fields, filter terms and search text from the files. */
  refreshAggregates(collectionId: number, db: Executor = this.db): Promise<void> {
    return new CollectionDerivedRepository(db, this.linked.artists).refreshCollectionAggregates(
      this.dialect,
      collectionId,
    );
  }
}
