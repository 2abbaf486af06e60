import type { Kysely, Migration } from 'kysely';

/**
 * A living library (issue 46, decision 0056). A rescan compares each known file's size and
 * modification time with the disk's (one stat, no tag read when equal); a file whose path is
 * gone is marked missing (hidden, kept with its likes and playlist entries) until it comes
 * back or is purged; a moved file is found again by its content fingerprint and keeps its id.
 * A collection whose every file is missing carries its own mark, so lists of collections hide
 * it with one cheap condition. Same SQL on SQLite and PostgreSQL.
 */
export function livingLibrary(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      const columns = [
        ['size_bytes', 'bigint'],
        ['mtime_ms', 'bigint'],
        ['fingerprint', 'text'],
        ['missing_since', 'text'],
      ] as const;
      for (const [name, type] of columns)
        await db.schema.alterTable('files').addColumn(name, type).execute();
      await db.schema.createIndex('files_fingerprint').on('files').column('fingerprint').execute();
      await db.schema.createIndex('files_missing').on('files').column('missing_since').execute();
      await db.schema.alterTable('collections').addColumn('missing_since', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('collections').dropColumn('missing_since').execute();
      await db.schema.dropIndex('files_missing').execute();
      await db.schema.dropIndex('files_fingerprint').execute();
      for (const column of ['missing_since', 'fingerprint', 'mtime_ms', 'size_bytes'])
        await db.schema.alterTable('files').dropColumn(column).execute();
    },
  };
}
