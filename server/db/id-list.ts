import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database';

/**
 * `column IN ids` with the ids as one JSON parameter: a heavy listener's files can be tens of
 * thousands, past SQLite's limit of bound parameters, and one parameter keeps one cached
 * statement. `column` is a trusted, qualified column name (never user input).
 */
export function inIdList(
  dialect: Dialect,
  column: string,
  ids: readonly number[],
): RawBuilder<SqlBool> {
  const list = JSON.stringify(ids);
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = ANY(SELECT jsonb_array_elements_text(${list}::jsonb)::bigint)`
    : sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${list}))`;
}
