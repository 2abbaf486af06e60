import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/** Collections, files, audio, covers, unlocks, download history, playlist entries, imports. */
export function catalogue(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('images')
        .addColumn('image_hash', 'text', (c) => c.primaryKey())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('comment_groups'), 'comment_group_id', dialect)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('collections'), 'collection_id', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('price', 'integer')
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image_hash', 'text')
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_group_id', 'integer', (c) =>
          c.references('comment_groups.comment_group_id').onDelete('set null'),
        )
        // Absolute folder the files were imported from; set by the server, never by a client.
        .addColumn('folder', 'text')
        // Grouping key of the import (album artist + album) so re-imports find the collection.
        .addColumn('import_key', 'text')
        .addColumn('artists', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('label', 'text')
        .addColumn('genres', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('bpm', 'real')
        .addColumn('release_date', 'text')
        .addColumn('duration', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('format', 'text')
        .addColumn('bitrate', 'integer')
        // Lower-cased, accent-free name, artists, label and track titles for text search.
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('collections_import_key')
        .on('collections')
        .column('import_key')
        .execute();
      await db.schema
        .createIndex('collections_release_date')
        .on('collections')
        .column('release_date')
        .execute();
      await db.schema.createIndex('collections_bpm').on('collections').column('bpm').execute();
      await db.schema
        .createIndex('collections_added')
        .on('collections')
        .columns(['added_at', 'collection_id'])
        .execute();

      // One row per filterable value (tag, genre, artist, label) so filters are index lookups.
      await db.schema
        .createTable('collection_terms')
        .addColumn('collection_id', 'integer', (c) =>
          c.notNull().references('collections.collection_id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('value_key', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('collection_terms_pk', ['kind', 'value_key', 'collection_id'])
        .execute();
      await db.schema
        .createIndex('collection_terms_collection')
        .on('collection_terms')
        // Covering: facets read kind and values for a set of collections without the table.
        .columns(['collection_id', 'kind', 'value_key', 'value'])
        .execute();

      await idColumn(db.schema.createTable('files'), 'file_id', dialect)
        .addColumn('collection_id', 'integer', (c) =>
          c.notNull().references('collections.collection_id').onDelete('cascade'),
        )
        .addColumn('path', 'text', (c) => c.notNull().unique())
        .addColumn('relative_path', 'text', (c) => c.notNull())
        .addColumn('image_hash', 'text')
        .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('modified_at', 'text', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('files_collection').on('files').column('collection_id').execute();

      await db.schema
        .createTable('audio')
        .addColumn('file_id', 'integer', (c) =>
          c.primaryKey().references('files.file_id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('artists', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('album', 'text')
        .addColumn('album_artist', 'text')
        .addColumn('label', 'text')
        .addColumn('release_date', 'text')
        .addColumn('genres', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('bpm', 'real')
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('codec', 'text')
        .addColumn('bitrate', 'integer')
        .addColumn('sample_rate', 'integer')
        .addColumn('bit_depth', 'integer')
        .addColumn('duration', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('track_number', 'integer')
        .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
        // JSON list of peaks from 0 to 1, computed once at import.
        .addColumn('waveform', 'text')
        .execute();

      await db.schema
        .createTable('file_downloads')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('file_id', 'integer', (c) =>
          c.notNull().references('files.file_id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('file_downloads_pk', ['user_id', 'file_id'])
        .execute();

      await db.schema
        .createTable('unlocked_collections')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('collection_id', 'integer', (c) =>
          c.notNull().references('collections.collection_id').onDelete('cascade'),
        )
        .addColumn('transcode', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('unlocked_collections_pk', ['user_id', 'collection_id'])
        .execute();

      await db.schema
        .alterTable('playlists')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('user'))
        .execute();
      await db.schema
        .createTable('playlist_files')
        .addColumn('playlist_id', 'integer', (c) =>
          c.notNull().references('playlists.playlist_id').onDelete('cascade'),
        )
        .addColumn('file_id', 'integer', (c) =>
          c.notNull().references('files.file_id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('playlist_files_pk', ['playlist_id', 'file_id'])
        .execute();

      await idColumn(db.schema.createTable('import_jobs'), 'job_id', dialect)
        .addColumn('folder', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('files_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('files_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('problems', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();

      if (dialect === 'sqlite') {
        // Full-text index; rowid is the collection id. Columns are weighted in bm25 at query time.
        await sql`CREATE VIRTUAL TABLE collections_fts USING fts5(
          name, people, tracks, content='', contentless_delete=1,
          tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
        )`.execute(db);
      } else {
        const trgm = await sql<{ ok: number }>`
          SELECT 1 AS ok FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
        if (trgm.rows.length > 0) {
          await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
          await sql`CREATE INDEX collections_search_trgm ON collections
            USING gin (search_text gin_trgm_ops)`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sql`DROP TABLE IF EXISTS collections_fts`.execute(db);
      for (const table of [
        'import_jobs',
        'playlist_files',
        'unlocked_collections',
        'file_downloads',
        'audio',
        'files',
        'collection_terms',
        'collections',
        'comment_groups',
        'images',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.alterTable('playlists').dropColumn('kind').execute();
    },
  };
}
