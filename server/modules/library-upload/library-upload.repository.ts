import { nowIso, parseJson, type Db } from '../../db/database';
import { withExecutor } from '../../db/with-executor';
import type { CommentsRepository } from '../comments';
import type { UploadTargetRow } from '../../access/library-upload';

export interface UploadCollection extends UploadTargetRow {
  collectionId: number;
  name: string;
  folder: string | null;
  imageHash: string | null;
}

/** The collection rows /upload creates and writes into. */
export class LibraryUploadRepository {
  constructor(
    private readonly db: Db,
    /** Comment groups are the comments module's rows (handed in by server/root). */
    private readonly comments: CommentsRepository,
  ) {}

  async find(collectionId: number): Promise<UploadCollection | undefined> {
    const row = await this.db
      .selectFrom('collections')
      .select([
        'collection_id',
        'name',
        'folder',
        'image_hash',
        'hidden',
        'tags',
        'uploaded_by',
        'library_id',
      ])
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      collectionId: row.collection_id,
      name: row.name,
      folder: row.folder,
      imageHash: row.image_hash,
      hidden: row.hidden,
      tags: parseJson<string[]>(row.tags, []),
      uploadedBy: row.uploaded_by,
      libraryId: row.library_id,
    };
  }

  /** A new empty collection (with its comment group) owned by its uploader. */
  async create(name: string, uploadedBy: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const commentGroupId = await withExecutor(this.comments, trx).insertGroup(now);
      const row = await trx
        .insertInto('collections')
        .values({
          name,
          added_at: now,
          comment_group_id: commentGroupId,
          folder: null,
          import_key: null,
          image_hash: null,
          price: null,
          uploaded_by: uploadedBy,
        })
        .returning('collection_id')
        .executeTakeFirstOrThrow();
      return row.collection_id;
    });
  }

  async setFolder(collectionId: number, folder: string): Promise<void> {
    await this.db
      .updateTable('collections')
      .set({ folder })
      .where('collection_id', '=', collectionId)
      .execute();
  }
}
