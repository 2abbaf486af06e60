import { sql } from 'kysely';
import { nowIso, type Db, type Dialect } from '../../db/database';
import type { CollectionRow } from '../../db/catalogue-tables';
import type { TrackInfo } from '../../media/audio-tags';
import { trackOrderSql, type TrackTagsRepository } from '../catalogue';
import { withExecutor } from '../../db/with-executor';
import { FILE_COLUMNS, toMediaFile, type MediaFile } from './media-file';

export type { MediaFile } from './media-file';

/** Rolls back a download's transaction when too few remaining downloads are left. */
class TooFewDownloadsLeft extends Error {}

/** Every query the /downloader calls make: lookups, counters, download history, admin deletes. */
export class MediaRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    /** A re-read file's tags are the catalogue's rows (handed in by server/root). */
    private readonly trackTags: TrackTagsRepository,
  ) {}

  async findFile(fileId: number): Promise<MediaFile | undefined> {
    const row = await this.db
      .selectFrom('files')
      .leftJoin('audio', 'audio.file_id', 'files.file_id')
      .select(FILE_COLUMNS)
      .where('files.file_id', '=', fileId)
      // A missing file (decision 0056) is not there: its stream and download answer 404.
      .where('files.missing_since', 'is', null)
      .executeTakeFirst();
    return row && toMediaFile(row);
  }

  async collectionFiles(collectionId: number): Promise<MediaFile[]> {
    const rows = await this.db
      .selectFrom('files')
      .leftJoin('audio', 'audio.file_id', 'files.file_id')
      .select(FILE_COLUMNS)
      .where('files.collection_id', '=', collectionId)
      .where('files.missing_since', 'is', null)
      .orderBy(sql.raw(trackOrderSql('audio', 'files')))
      .execute();
    return rows.map(toMediaFile);
  }

  findCollection(collectionId: number): Promise<CollectionRow | undefined> {
    return this.db
      .selectFrom('collections')
      .selectAll()
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
  }

  async imageMime(hash: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('images')
      .select('mime')
      .where('image_hash', '=', hash)
      .executeTakeFirst();
    return row?.mime ?? null;
  }

  /**
   * Records a download of `fileIds` in one transaction. Files new to the user's history each
   * take one remaining download (when `limited`); the decrement is guarded in SQL so two
   * concurrent downloads can never take the counter below zero. Too few left: false, and
   * nothing is kept; whether that refuses the download is server/access's to say.
   */
  async recordDownload(
    userId: number,
    collectionId: number,
    fileIds: number[],
    options: { limited: boolean; countStats: boolean },
  ): Promise<boolean> {
    try {
      await this.recordInTransaction(userId, collectionId, fileIds, options);
      return true;
    } catch (error) {
      if (error instanceof TooFewDownloadsLeft) return false;
      throw error;
    }
  }

  private async recordInTransaction(
    userId: number,
    collectionId: number,
    fileIds: number[],
    options: { limited: boolean; countStats: boolean },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let fresh = 0;
      if (fileIds.length > 0) {
        const inserted = await trx
          .insertInto('file_downloads')
          .values(
            fileIds.map((fileId) => ({ user_id: userId, file_id: fileId, created_at: nowIso() })),
          )
          .onConflict((oc) => oc.columns(['user_id', 'file_id']).doNothing())
          .executeTakeFirst();
        fresh = Number(inserted.numInsertedOrUpdatedRows ?? 0);
      }
      if (options.limited && fresh > 0) {
        const taken = await trx
          .updateTable('users')
          .set((eb) => ({ remaining_downloads: eb('remaining_downloads', '-', fresh) }))
          .where('user_id', '=', userId)
          .where('remaining_downloads', '>=', fresh)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) throw new TooFewDownloadsLeft();
      }
      if (!options.countStats) return;
      if (fileIds.length > 0) {
        await trx
          .updateTable('files')
          .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
          .where('file_id', 'in', fileIds)
          .execute();
      }
      await trx
        .updateTable('collections')
        .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
        .where('collection_id', '=', collectionId)
        .execute();
    });
  }

  /**
   * One play of the file: its counter, its collection's, and when the collection was last
   * played (`at`, kept when later: a phone app may send plays it cached offline late).
   */
  async countPlay(fileId: number, collectionId: number, at = nowIso()): Promise<void> {
    if (this.dialect === 'postgres') {
      // One round trip: a transaction of two held a popular album's row locks for a turn of
      // a busy event loop per step, and its listeners' starts queued on them (issue 51).
      await sql`WITH counted AS (UPDATE audio SET play_count = play_count + 1 WHERE file_id = ${fileId})
        UPDATE collections SET play_count = play_count + 1,
          last_played_at = greatest(coalesce(last_played_at, ${at}), ${at})
        WHERE collection_id = ${collectionId}`.execute(this.db);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('audio')
        .set((eb) => ({ play_count: eb('play_count', '+', 1) }))
        .where('file_id', '=', fileId)
        .execute();
      await trx
        .updateTable('collections')
        .set((eb) => ({
          play_count: eb('play_count', '+', 1),
          last_played_at: sql<string>`CASE WHEN last_played_at IS NULL OR last_played_at < ${at}
            THEN ${at} ELSE last_played_at END`,
        }))
        .where('collection_id', '=', collectionId)
        .execute();
    });
  }

  async updateAudio(
    fileId: number,
    info: TrackInfo,
    file: { size: number; modifiedAt: string },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await withExecutor(this.trackTags, trx).update(fileId, info);
      await trx
        .updateTable('files')
        .set({ size: file.size, modified_at: file.modifiedAt })
        .where('file_id', '=', fileId)
        .execute();
    });
  }

  async setFileImage(fileId: number, imageHash: string): Promise<void> {
    await this.db
      .updateTable('files')
      .set({ image_hash: imageHash })
      .where('file_id', '=', fileId)
      .execute();
  }

  async setCollectionImage(collectionId: number, imageHash: string): Promise<void> {
    await this.db
      .updateTable('collections')
      .set({ image_hash: imageHash })
      .where('collection_id', '=', collectionId)
      .execute();
  }

  /** Deletes the file's row; audio, history and playlist entries go with it (cascade). */
  async deleteFile(fileId: number): Promise<void> {
    await this.db.deleteFrom('files').where('file_id', '=', fileId).execute();
  }

  /**
   * Deletes the collection, (by cascade) its files, and its comment group with its comments:
   * a group nobody owns would otherwise outlive the collection that decided who may read it.
   * Answers the paths that were recorded.
   */
  async deleteCollection(collectionId: number): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const files = await trx
        .selectFrom('files')
        .select('path')
        .where('collection_id', '=', collectionId)
        .execute();
      const owner = await trx
        .selectFrom('collections')
        .select('comment_group_id')
        .where('collection_id', '=', collectionId)
        .executeTakeFirst();
      await trx.deleteFrom('collections').where('collection_id', '=', collectionId).execute();
      const group = owner?.comment_group_id ?? null;
      if (group !== null) {
        await trx
          .deleteFrom('comment_groups')
          .where('comment_group_id', '=', group)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('collections')
                  .select('collection_id')
                  .where('comment_group_id', '=', group),
              ),
            ),
          )
          .execute();
      }
      if (this.dialect === 'sqlite') {
        await sql`DELETE FROM collections_fts WHERE rowid = ${collectionId}`.execute(trx);
      }
      return files.map((f) => f.path);
    });
  }
}
