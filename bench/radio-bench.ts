/**
 * Radio pages over HTTP (issue 48: a page of 50 at 1,000,000 files, p95 < 100 ms). Exported for
 * bench/million-bench.ts (`runRadioBench(base, cookie)` against its running server); run alone,
 * `npx tsx bench/radio-bench.ts` generates BENCH_COLLECTIONS collections (default 10,000: 100,000
 * files) into SQLite, starts the compiled server on them and prints the figures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sqliteCatalogue } from './served-catalogue';
import { startServer } from './server-process';
import { measure, ms, type Timing } from './stats';

export const RADIO_TARGET_P95 = 100;

export interface RadioFigures {
  kind: 'file' | 'collection' | 'artist' | 'genre';
  seeds: string[];
  timing: Timing;
}

interface SeedSource {
  collectionId: number;
  collectionArtists: Array<{ artistId: number }>;
  audioGenres: string[];
}

/** A few seeds of each kind, from the first collections a search lists. */
async function seedsOf(
  base: string,
  cookie: string,
): Promise<Record<RadioFigures['kind'], string[]>> {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const res = await fetch(`${base}/api/audio_collection/search`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': xsrf },
    body: JSON.stringify({ query: '', offset: 0, limit: 50 }),
  });
  if (!res.ok) throw new Error(`search: ${res.status} ${await res.text()}`);
  const found = ((await res.json()) as { data: SeedSource[] }).data.slice(0, 5);
  const seeds = {
    file: [] as string[],
    collection: [] as string[],
    artist: [] as string[],
    genre: [] as string[],
  };
  for (const collection of found) {
    seeds.collection.push(`collection:${collection.collectionId}`);
    const artist = collection.collectionArtists[0];
    if (artist) seeds.artist.push(`artist:${artist.artistId}`);
    const genre = collection.audioGenres[0];
    if (genre && !seeds.genre.includes(`genre:${genre}`)) seeds.genre.push(`genre:${genre}`);
    const page = await fetch(`${base}/api/audio_collection/${collection.collectionId}`, {
      headers: { cookie },
    });
    const files = ((await page.json()) as { files: Array<{ file: { fileId: number } }> }).files;
    const file = files[Math.floor(files.length / 2)];
    if (file) seeds.file.push(`file:${file.file.fileId}`);
  }
  return seeds;
}

/**
 * p95 of a radio page of 50 from seeds of each kind (`runs` runs after 10 warm-up runs, the
 * kind's seeds taken in turn), printed and answered.
 */
export async function runRadioBench(
  base: string,
  cookie: string,
  runs = 20,
): Promise<RadioFigures[]> {
  const seeds = await seedsOf(base, cookie);
  const figures: RadioFigures[] = [];
  for (const kind of ['file', 'collection', 'artist', 'genre'] as const) {
    const list = seeds[kind];
    if (list.length === 0) continue;
    let turn = 0;
    const timing = await measure(
      runs,
      async () => {
        const seed = list[(turn += 1) % list.length]!;
        const res = await fetch(`${base}/api/radio?seed=${encodeURIComponent(seed)}&count=50`, {
          headers: { cookie },
        });
        if (!res.ok) throw new Error(`radio ${seed}: ${res.status} ${await res.text()}`);
        const { tracks } = (await res.json()) as { tracks: unknown[] };
        if (tracks.length !== 50) throw new Error(`radio ${seed}: ${tracks.length} tracks`);
      },
      10,
    );
    figures.push({ kind, seeds: list, timing });
    const verdict = timing.p95 < RADIO_TARGET_P95 ? 'within' : 'OVER';
    console.log(
      `  radio ${kind} (${list.length} seeds): p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)} (${verdict} ${RADIO_TARGET_P95} ms)`,
    );
  }
  return figures;
}

const PASSWORD = 'bench-password-1';

async function main(): Promise<void> {
  const collections = Number(process.env.BENCH_COLLECTIONS ?? 10_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-radio-bench-'));
  try {
    const started = performance.now();
    const { files } = await sqliteCatalogue(dataDir, collections, PASSWORD);
    console.log(
      `SQLite: ${files.toLocaleString('en')} files generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(dataDir, PASSWORD, { LOUDNESS_BACKFILL_DELAY_MS: '3600000' });
    try {
      await runRadioBench(server.base, server.cookie, Number(process.env.BENCH_RUNS ?? 20));
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
