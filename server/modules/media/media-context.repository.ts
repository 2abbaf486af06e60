import type { Db } from '../../db/database';
import type { CollectionRow } from '../../db/catalogue-tables';
import { toMediaFile, type FileJoinRow, type MediaFile } from './media-file';

/** A collection with the caller's unlock of it, if any. */
export interface CollectionForCaller {
  collection: CollectionRow;
  unlock: { transcode: number } | undefined;
}

/**
 * What a media request needs before its bytes, each in one round trip: a stream or range
 * request is the busiest call there is, and on PostgreSQL every sequential query adds a
 * network round trip to each of them (issue 51's listeners).
 */
export class MediaContextRepository {
  constructor(private readonly db: Db) {}

  private collectionWithUnlock(userId: number) {
    return this.db
      .selectFrom('collections')
      .leftJoin('unlocked_collections as u', (join) =>
        join
          .onRef('u.collection_id', '=', 'collections.collection_id')
          .on('u.user_id', '=', userId),
      )
      .selectAll('collections')
      .select(['u.transcode as unlock_transcode', 'u.user_id as unlock_user']);
  }

  async findCollection(
    collectionId: number,
    userId: number,
  ): Promise<CollectionForCaller | undefined> {
    const row = await this.collectionWithUnlock(userId)
      .where('collections.collection_id', '=', collectionId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { collection, unlock } = split(row);
    return { collection, unlock };
  }

  /** The file (not missing, decision 0056), its collection and the caller's unlock. */
  async findFile(
    fileId: number,
    userId: number,
  ): Promise<(CollectionForCaller & { file: MediaFile }) | undefined> {
    const row = await this.collectionWithUnlock(userId)
      .innerJoin('files', 'files.collection_id', 'collections.collection_id')
      .leftJoin('audio', 'audio.file_id', 'files.file_id')
      // Prefixed: the collection has columns of the same names (artists, format, duration).
      .select([
        'files.file_id as f_file_id',
        'files.path as f_path',
        'files.relative_path as f_relative_path',
        'files.size as f_size',
        'audio.file_id as f_audio_id',
        'audio.title as f_title',
        'audio.artists as f_artists',
        'audio.format as f_format',
        'audio.bitrate as f_bitrate',
        'audio.duration as f_duration',
        'audio.waveform as f_waveform',
        'audio.track_number as f_track_number',
        'audio.disc_number as f_disc_number',
      ])
      .where('files.file_id', '=', fileId)
      .where('files.missing_since', 'is', null)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { collection, unlock, file } = split(row);
    return {
      collection,
      unlock,
      file: toMediaFile({
        ...(file as Omit<FileJoinRow, 'collection_id'>),
        collection_id: row.collection_id,
      }),
    };
  }
}

/** The collection's columns, the unlock's and the file's (prefixed f_) of one joined row. */
function split(
  row: CollectionRow & { unlock_transcode: number | null; unlock_user: number | null },
): CollectionForCaller & { file: Record<string, unknown> } {
  const collection: Record<string, unknown> = {};
  const file: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('f_')) file[key.slice(2)] = value;
    else if (key !== 'unlock_transcode' && key !== 'unlock_user') collection[key] = value;
  }
  return {
    collection: collection as CollectionRow,
    unlock: row.unlock_user === null ? undefined : { transcode: Number(row.unlock_transcode) },
    file,
  };
}
