/**
 * Smart playlists over HTTP (issue 48): a 10-rule smart playlist on a catalogue made by
 * bench/generate-catalogue.ts, and the p95 of GET /api/smart_playlist/{id} over 20 runs after a
 * warm-up. The target is p95 < 100 ms on 1,000,000 files (Navidrome reports 54 ms for 120 rules
 * over 323k tracks). Exported for bench/million-bench.ts, which owns the server and the
 * catalogue; `npx tsx bench/smart-playlist-bench.ts <base URL> <cookie>` runs it on its own.
 */
import type { SmartPlaylistInput } from '../domain/smart-playlist';
import { measure, ms, type Timing } from './stats';

/** Ten rules a listener might write, over terms, numbers, dates, text and their own plays. */
export const BENCH_SMART_PLAYLIST: SmartPlaylistInput = {
  name: 'Bench: long jazz, not club, played or not',
  match: 'all',
  rules: [
    { field: 'genre', op: 'is', value: 'Jazz' },
    { field: 'tag', op: 'isNot', value: 'Club' },
    { field: 'year', op: 'gt', value: 1990 },
    { field: 'duration', op: 'gt', value: 60 },
    { field: 'duration', op: 'lt', value: 900 },
    { field: 'bpm', op: 'between', value: [60, 200] },
    { field: 'format', op: 'isNot', value: 'WMA' },
    { field: 'playCount', op: 'lt', value: 5 },
    { field: 'title', op: 'notContains', value: 'zzz' },
    { field: 'dateAdded', op: 'inLast', value: 36_500 },
  ],
  sort: { field: 'lastPlayed', order: 'desc' },
  limit: 500,
};

export interface SmartPlaylistFigures {
  timing: Timing;
  tracks: number;
}

/** Creates the playlist as the cookie's user, then times reading it: 20 runs after 5 warm-ups. */
export async function smartPlaylistBench(
  server: { base: string; cookie: string },
  runs = 20,
): Promise<SmartPlaylistFigures> {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '';
  const created = await fetch(`${server.base}/api/smart_playlist`, {
    method: 'PUT',
    headers: { cookie: server.cookie, 'content-type': 'application/json', 'x-xsrf-token': xsrf },
    body: JSON.stringify(BENCH_SMART_PLAYLIST),
  });
  if (!created.ok)
    throw new Error(`PUT /api/smart_playlist: ${created.status} ${await created.text()}`);
  const { smartPlaylistId } = (await created.json()) as { smartPlaylistId: number };
  let tracks = 0;
  const read = async () => {
    const res = await fetch(`${server.base}/api/smart_playlist/${smartPlaylistId}`, {
      headers: { cookie: server.cookie },
    });
    if (!res.ok) throw new Error(`GET smart playlist: ${res.status} ${await res.text()}`);
    tracks = ((await res.json()) as { entries: unknown[] }).entries.length;
  };
  const timing = await measure(runs, read, 5);
  return { timing, tracks };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, cookie] = process.argv.slice(2);
  if (base === undefined || cookie === undefined) {
    throw new Error('usage: npx tsx bench/smart-playlist-bench.ts <base URL> <cookie>');
  }
  const { timing, tracks } = await smartPlaylistBench({ base, cookie });
  console.log(
    `GET /api/smart_playlist/{id} (10 rules, ${tracks} tracks): p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)}`,
  );
}
