import { sql } from 'kysely';
import type { UserUpload } from '../../../domain/user-upload';
import { nowIso, type Db } from '../../db/database';
import { UploadsService } from '../uploads';

/** Rows of uploads whose content was audio (decided from the bytes at POST /api/upload). */
const AUDIO = 'audio/%';

export class UserUploadRepository {
  constructor(private readonly db: Db) {}

  /**
   * Bytes of audio the user keeps in uploads: the quota counts every audio upload, offered to
   * the library or not yet, so uploading without POST /api/upload/music cannot dodge it.
   */
  async audioBytesOf(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('uploads')
      .select(sql<number | string | null>`sum(size)`.as('bytes'))
      .where('user_id', '=', userId)
      .where('content_type', 'like', AUDIO)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async isUserUpload(uploadId: number): Promise<boolean> {
    return (
      (await this.db
        .selectFrom('music_uploads')
        .select('upload_id')
        .where('upload_id', '=', uploadId)
        .executeTakeFirst()) !== undefined
    );
  }

  /** The file row a collection holds under this name (its file name in the collection's folder). */
  async fileIdIn(collectionId: number, name: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('files')
      .select('file_id')
      .where('collection_id', '=', collectionId)
      .where('relative_path', '=', name)
      .executeTakeFirst();
    return row?.file_id;
  }

  async insertUserUpload(uploadId: number, description: string): Promise<void> {
    await this.db
      .insertInto('music_uploads')
      .values({ upload_id: uploadId, description, created_at: nowIso() })
      .execute();
  }

  /** Newest first; `userId` limits the list to that user's uploads (null: everyone's). */
  async listUserUploads(
    userId: number | null,
    offset: number,
    count: number,
  ): Promise<{ total: number; items: UserUpload[] }> {
    let base = this.db
      .selectFrom('music_uploads as m')
      .innerJoin('uploads as u', 'u.upload_id', 'm.upload_id')
      .leftJoin('users as s', 's.user_id', 'u.user_id');
    if (userId !== null) base = base.where('u.user_id', '=', userId);
    const totalRow = await base
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirst();
    const rows = await base
      .select([
        'm.upload_id',
        'm.description',
        'm.created_at',
        'u.stored_name',
        'u.original_name',
        'u.size',
        'u.user_id',
        's.user_name',
      ])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.upload_id', 'desc')
      .limit(count)
      .offset(offset)
      .execute();
    return {
      total: Number(totalRow?.total ?? 0),
      items: rows.map((row) => ({
        uploadId: row.upload_id,
        userUploadedMusicDescription: row.description,
        uploadPath: UploadsService.publicPath(row),
        uploadUserId: row.user_id,
        uploadUserName: row.user_name,
        uploadName: row.original_name,
        uploadSize: Number(row.size),
        createdAt: row.created_at,
      })),
    };
  }
}
