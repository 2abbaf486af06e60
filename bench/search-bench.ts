import SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { TestClient } from '../tests/helpers/client';
import { measure, type Timing } from './stats';

export interface SearchFigure {
  name: string;
  api: Timing;
  rawSql: Timing;
  ratio: number;
}

export const SEARCHES: Array<{ name: string; body: Record<string, unknown> }> = [
  { name: 'text query "night har"', body: { query: 'night har', offset: 0, limit: 50 } },
  {
    name: 'genre + date + BPM filter',
    body: {
      query: '',
      genres: ['House'],
      dateFrom: '2000-01-01',
      dateTo: '2010-12-31',
      bpmFrom: 110,
      bpmTo: 130,
      offset: 0,
      limit: 50,
    },
  },
  { name: 'empty query', body: { query: '', offset: 0, limit: 50 } },
];

/**
 * Times each search through the HTTP layer (inject) and the very SQL it ran, replayed directly
 * through better-sqlite3, so the ratio shows what the server adds on top of the database.
 */
export async function benchSearches(
  client: TestClient,
  dbFile: string,
  captured: CompiledQuery[],
  runs: number,
): Promise<SearchFigure[]> {
  const raw = new SqliteDatabase(dbFile, { readonly: true });
  const figures: SearchFigure[] = [];
  for (const search of SEARCHES) {
    captured.length = 0;
    const first = await client.post('/api/audio_collection/search', search.body);
    if (first.statusCode !== 200)
      throw new Error(`search failed: ${first.statusCode} ${first.body}`);
    const queries = captured.map((q) => ({ sql: q.sql, params: q.parameters as unknown[] }));
    const api = await measure(runs, () => client.post('/api/audio_collection/search', search.body));
    const statements = queries.map((q) => ({ stmt: raw.prepare(q.sql), params: q.params }));
    const rawSql = await measure(runs, () => {
      for (const { stmt, params } of statements) {
        if (stmt.reader) stmt.all(...params);
      }
      return Promise.resolve();
    });
    figures.push({ name: search.name, api, rawSql, ratio: api.p95 / rawSql.p95 });
  }
  raw.close();
  return figures;
}
