import type { Kysely, Migration } from 'kysely';

/**
 * User music uploads (/user-upload): an upload (POST /api/upload) the uploader offered to the
 * library with a description. Keyed by the upload, so deleting the upload (DELETE
 * /api/upload/{id}) removes this row with it and no row ever outlives its file.
 */
export function musicUploads(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('music_uploads')
        .addColumn('upload_id', 'integer', (c) =>
          c.primaryKey().references('uploads.upload_id').onDelete('cascade'),
        )
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('music_uploads').execute();
    },
  };
}
