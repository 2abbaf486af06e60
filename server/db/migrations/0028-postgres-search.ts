import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './id-column';

/**
 * PostgreSQL's collection search at SQLite's speed (issue 51; decision 0010). A no-op on
 * SQLite, whose FTS5 table already does this.
 * - `search_words`: the words of `search_text` (folded by domain/search-text.ts, one space
 *   apart) as a tsvector kept by PostgreSQL itself, so `'word':*` matches a word prefix as
 *   FTS5's `"word"*` does, without a text parser (array_to_tsvector takes the words as they
 *   are: CJK, digits and any script alike). A word of 250 characters or more is left out: a
 *   tsvector lexeme holds at most 2047 bytes, and such a word is no search term anyway.
 *   Read row by row as a filter while walking an ordered index (common words), or through
 *   its GIN index (rare ones): the planner picks from its statistics.
 * - The first one and three letters of `search_text`, with the date added: names starting
 *   with the first query word rank first, and these indexes walk them newest first.
 * - The trigram index of 0002 served `LIKE '%word%'`, which the search no longer runs.
 */
export function postgresSearch(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE collections ADD COLUMN search_words tsvector
        GENERATED ALWAYS AS (array_to_tsvector(array_remove(string_to_array(
          regexp_replace(search_text, '\\S{250}\\S*', '', 'g'), ' '), ''))) STORED`.execute(db);
      await sql`CREATE INDEX collections_search_words ON collections
        USING gin (search_words)`.execute(db);
      for (const letters of [1, 3])
        await sql`CREATE INDEX ${sql.raw(`collections_first_${letters}`)} ON collections
          (substr(search_text, 1, ${sql.lit(letters)}), added_at, collection_id)`.execute(db);
      await sql`DROP INDEX IF EXISTS collections_search_trgm`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const name of ['collections_first_1', 'collections_first_3', 'collections_search_words'])
        await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
      await sql`ALTER TABLE collections DROP COLUMN IF EXISTS search_words`.execute(db);
      const trgm = await sql<{ ok: number }>`
        SELECT 1 AS ok FROM pg_extension WHERE extname = 'pg_trgm'`.execute(db);
      if (trgm.rows.length > 0)
        await sql`CREATE INDEX IF NOT EXISTS collections_search_trgm ON collections
          USING gin (search_text gin_trgm_ops)`.execute(db);
    },
  };
}
