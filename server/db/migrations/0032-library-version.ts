import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './id-column';

/**
 * A version of the library that every change to what the artist and genre indexes show moves
 * on (issue 51): those indexes are cached per visibility rule and version, and every app
 * server on the database reads the version from it, so a change made through one server shows
 * at once on all. Kept by triggers, so no write path (import, rescan, edits, tags, purges, a
 * hand-over) can forget it; plays and downloads, which the indexes do not show, leave it.
 */
const WATCHED: Array<[table: string, updateOf: string[] | null]> = [
  ['collections', ['hidden', 'missing_since', 'library_id']],
  ['collection_terms', null],
  ['collection_artists', null],
  ['track_artists', null],
  ['files', ['collection_id', 'missing_since']],
  ['audio', []],
  ['artists', ['name', 'sort_name', 'mbid']],
];

const triggerName = (table: string, event: string) => `library_version_${table}_${event}`;

export function libraryVersion(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
      await sql`CREATE TABLE library_version (
        id integer PRIMARY KEY, version ${sql.raw(bigint)} NOT NULL)`.execute(db);
      await sql`INSERT INTO library_version (id, version) VALUES (1, 0)`.execute(db);
      const bump = 'UPDATE library_version SET version = version + 1';
      if (dialect === 'postgres') {
        await sql`CREATE FUNCTION bump_library_version() RETURNS trigger LANGUAGE plpgsql AS
          ${sql.raw(`$$ BEGIN ${bump}; RETURN NULL; END $$`)}`.execute(db);
        for (const [table, updateOf] of WATCHED) {
          const update =
            updateOf === null
              ? ' OR UPDATE'
              : updateOf.length
                ? ` OR UPDATE OF ${updateOf.join(', ')}`
                : '';
          // Once per statement: a batch of a thousand rows moves the version once.
          await sql
            .raw(
              `CREATE TRIGGER ${triggerName(table, 'change')}
            AFTER INSERT OR DELETE${update} ON ${table}
            FOR EACH STATEMENT EXECUTE FUNCTION bump_library_version()`,
            )
            .execute(db);
        }
        return;
      }
      for (const [table, updateOf] of WATCHED) {
        const events = ['INSERT', 'DELETE'];
        if (updateOf === null) events.push('UPDATE');
        else if (updateOf.length) events.push(`UPDATE OF ${updateOf.join(', ')}`);
        for (const event of events)
          await sql
            .raw(
              `CREATE TRIGGER ${triggerName(table, event.split(' ')[0]!.toLowerCase())}
            AFTER ${event} ON ${table} BEGIN ${bump}; END`,
            )
            .execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [table] of WATCHED)
        for (const event of ['change', 'insert', 'delete', 'update'])
          await sql
            .raw(
              `DROP TRIGGER IF EXISTS ${triggerName(table, event)}${dialect === 'postgres' ? ` ON ${table}` : ''}`,
            )
            .execute(db);
      if (dialect === 'postgres')
        await sql`DROP FUNCTION IF EXISTS bump_library_version()`.execute(db);
      await sql`DROP TABLE library_version`.execute(db);
    },
  };
}
