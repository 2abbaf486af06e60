import type { Caller } from '../../access/caller';
import type { Settings } from '../../../domain/settings';
import {
  canSeeCollection,
  COLLECTION_NOT_FOUND,
  FILE_NOT_FOUND,
  requireBrowse,
} from '../../access/collections';
import type { Unlock } from '../../access/rights';
import { parseJson } from '../../db/database';
import type { CollectionRow } from '../../db/catalogue-tables';
import { NotFound, WrongKind } from '../../errors';
import { assertOnDisk } from '../../media/on-disk';
import type { SettingsService } from '../settings';
import type { CollectionForCaller, MediaContextRepository } from './media-context.repository';
import type { MediaFile } from './media-file';
import type { StoredFiles } from '../../storage/stored-files';

/** Everything the media rules need about one caller and one collection, loaded once per request. */
export interface MediaContext {
  caller: Caller;
  /** Read only by the calls that need them (downloads): a stream does without the query. */
  settings(): Promise<Settings>;
  collection: CollectionRow;
  /** The collection's price as server/access's rights take it. */
  priced: { collectionPrice: number | null };
  unlock: Unlock;
}

/** Loads the caller, the collection and the unlock; server/access decides what they allow. */
export class MediaContexts {
  constructor(
    private readonly repo: MediaContextRepository,
    private readonly settings: SettingsService,
  ) {}

  async forCollection(
    caller: Caller,
    collectionId: number,
    notFound = COLLECTION_NOT_FOUND,
  ): Promise<MediaContext> {
    requireBrowse(caller);
    return this.judge(
      caller,
      await this.repo.findCollection(collectionId, caller.userId),
      notFound,
    );
  }

  /** A file of a collection the caller may not see answers exactly like a missing file. */
  async forFile(
    caller: Caller,
    fileId: number,
  ): Promise<{ context: MediaContext; file: MediaFile }> {
    requireBrowse(caller);
    // One query for the file, its collection and the unlock: streams are the busiest call.
    const found = await this.repo.findFile(fileId, caller.userId);
    if (!found) throw new NotFound(FILE_NOT_FOUND);
    return { context: this.judge(caller, found, FILE_NOT_FOUND), file: found.file };
  }

  private judge(
    caller: Caller,
    found: CollectionForCaller | undefined,
    notFound: string,
  ): MediaContext {
    const collection = found?.collection;
    if (
      !found ||
      !collection ||
      !canSeeCollection(caller, {
        hidden: collection.hidden,
        tags: parseJson<string[]>(collection.tags, []),
        libraryId: collection.library_id,
      })
    ) {
      throw new NotFound(notFound);
    }
    const { unlock } = found;
    return {
      caller,
      settings: () => this.settings.get(),
      collection,
      priced: { collectionPrice: collection.price },
      unlock: { unlocked: unlock !== undefined, transcode: unlock?.transcode === 1 },
    };
  }

  /** forFile for a call that reads the file's bytes: one missing on disk is a clear 404. */
  async forFileOnDisk(
    caller: Caller,
    fileId: number,
    files: StoredFiles,
  ): Promise<{ context: MediaContext; file: MediaFile }> {
    const found = await this.forFile(caller, fileId);
    await assertOnDisk(files, [found.file.path]);
    return found;
  }
}

/** A file without audio (a cover, a cue sheet) is no track: 400, and 70 to a /rest client. */
export function requireAudio(file: MediaFile): NonNullable<MediaFile['audio']> {
  if (!file.audio) throw new WrongKind('This file has no audio');
  return file.audio;
}
