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
import type { MediaFile, MediaRepository } from './media.repository';
import type { StoredFiles } from '../../storage/stored-files';

/** Everything the media rules need about one caller and one collection, loaded once per request. */
export interface MediaContext {
  caller: Caller;
  settings: Settings;
  collection: CollectionRow;
  /** The collection's price as server/access's rights take it. */
  priced: { collectionPrice: number | null };
  unlock: Unlock;
}

/** Loads the caller, the collection and the unlock; server/access decides what they allow. */
export class MediaContexts {
  constructor(
    private readonly repo: MediaRepository,
    private readonly settings: SettingsService,
  ) {}

  async forCollection(
    caller: Caller,
    collectionId: number,
    notFound = COLLECTION_NOT_FOUND,
  ): Promise<MediaContext> {
    requireBrowse(caller);
    const collection = await this.repo.findCollection(collectionId);
    const tags = parseJson<string[]>(collection?.tags, []);
    if (
      !collection ||
      !canSeeCollection(caller, {
        hidden: collection.hidden,
        tags,
        libraryId: collection.library_id,
      })
    ) {
      throw new NotFound(notFound);
    }
    const unlock = await this.repo.findUnlock(caller.userId, collectionId);
    return {
      caller,
      settings: await this.settings.get(),
      collection,
      priced: { collectionPrice: collection.price },
      unlock: { unlocked: unlock !== undefined, transcode: unlock?.transcode === 1 },
    };
  }

  /** A file of a collection the caller may not see answers exactly like a missing file. */
  async forFile(
    caller: Caller,
    fileId: number,
  ): Promise<{ context: MediaContext; file: MediaFile }> {
    requireBrowse(caller);
    const file = await this.repo.findFile(fileId);
    if (!file) throw new NotFound(FILE_NOT_FOUND);
    return { context: await this.forCollection(caller, file.collectionId, FILE_NOT_FOUND), file };
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
