import type { Updateable } from 'kysely';
import type { CollectionsTable } from '../../db/catalogue-tables';
import type { CatalogueWriteRepository, Executor } from './catalogue-write.repository';

export interface CollectionEdit {
  name?: string;
  hidden?: boolean;
  tags?: string[];
  price?: number | null;
  description?: string;
}

export interface AudioFieldsEdit {
  label?: string | null;
  releaseDate?: string | null;
  albumArtist?: string | null;
  genres?: string[];
}

/**
 * Admin edits of a collection. Each runs its queries in one transaction of the write
 * repository and recomputes what is derived (search text, filter terms, aggregates) through
 * it, like the import does, so an edit and its derived fields commit together.
 */
/** Read inside the edit's transaction, so a deleted collection is not edited back to life. */
async function collectionExists(trx: Executor, collectionId: number): Promise<boolean> {
  const found = await trx
    .selectFrom('collections')
    .select('collection_id')
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return found !== undefined;
}

export class CatalogueEditRepository {
  constructor(private readonly write: CatalogueWriteRepository) {}

  /** False when the collection does not exist. */
  updateCollection(collectionId: number, edit: CollectionEdit): Promise<boolean> {
    return this.write.transaction(async (trx) => {
      const columns: Updateable<CollectionsTable> = {};
      if (edit.name !== undefined) columns.name = edit.name;
      if (edit.hidden !== undefined) columns.hidden = edit.hidden ? 1 : 0;
      if (edit.price !== undefined) columns.price = edit.price;
      if (edit.description !== undefined) columns.description = edit.description;
      if (!(await collectionExists(trx, collectionId))) return false;
      if (Object.keys(columns).length > 0) {
        await trx
          .updateTable('collections')
          .set(columns)
          .where('collection_id', '=', collectionId)
          .execute();
      }
      if (edit.tags !== undefined) await this.write.setTags(collectionId, edit.tags, trx);
      // The name is part of the search text and the FTS row.
      if (edit.name !== undefined) await this.write.refreshAggregates(collectionId, trx);
      return true;
    });
  }

  /**
   * Sets label, release date, album artist and genres on every track, then re-derives the
   * collection's fields (its artist links and filter terms included).
   */
  updateAudioFields(collectionId: number, edit: AudioFieldsEdit): Promise<boolean> {
    return this.write.transaction(async (trx) => {
      if (!(await collectionExists(trx, collectionId))) return false;
      const columns: {
        label?: string | null;
        release_date?: string | null;
        album_artist?: string | null;
        genres?: string;
      } = {};
      if (edit.label !== undefined) columns.label = edit.label === '' ? null : edit.label;
      if (edit.releaseDate !== undefined) columns.release_date = edit.releaseDate;
      if (edit.albumArtist !== undefined) columns.album_artist = edit.albumArtist || null;
      if (edit.genres !== undefined) columns.genres = JSON.stringify(edit.genres);
      if (Object.keys(columns).length > 0) {
        await trx
          .updateTable('audio')
          .set(columns)
          .where(
            'file_id',
            'in',
            trx.selectFrom('files').select('file_id').where('collection_id', '=', collectionId),
          )
          .execute();
      }
      await this.write.refreshAggregates(collectionId, trx);
      return true;
    });
  }
}
