// OpenSubsonic figures (issue 29) over HTTP against the server process, as a phone app sees
// them: a member (not an administrator, so every list runs the visibility rule) signed in with
// an app password as `apiKey`.
import { sectionMarkers, writeBenchSection } from './report-section';
import { measure, ms, summarize, type Timing } from './stats';
import type { RunningServer } from './server-process';

export interface SubsonicFigures {
  /** search3 with an empty query, pages of 500 songs, the whole library in order. */
  syncPages: number;
  syncSongs: number;
  syncPerPage: Timing;
  /** The slowest page and where it was. */
  syncWorst: { ms: number; offset: number };
  randomSongs: Timing;
  randomAlbums: Timing;
  alphabeticalAlbums: Timing;
}

const cookieOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

/** Registers a member on the running server and answers an app password for them. */
async function memberApiKey(base: string): Promise<string> {
  const first = await fetch(`${base}/api/settings/public`);
  let cookie = cookieOf(first);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const headers = () => ({ cookie, 'content-type': 'application/json', 'x-xsrf-token': xsrf });
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({
      username: 'listener',
      email: 'listener@example.com',
      password: 'listener-password-1',
      name: '',
      emailMarketing: false,
    }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  cookie = [cookie, cookieOf(registered)].filter(Boolean).join('; ');
  const created = await fetch(`${base}/api/user/app_password`, {
    method: 'PUT',
    headers: headers(),
    body: JSON.stringify({ name: 'bench phone' }),
  });
  if (!created.ok) throw new Error(`app password: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { password: string }).password;
}

const MARKERS = sectionMarkers('subsonic-bench');

type Payload = Record<string, unknown>;

async function call(base: string, apiKey: string, name: string, params: Record<string, string>) {
  const query = new URLSearchParams({ apiKey, c: 'bench', f: 'json', v: '1.16.1', ...params });
  const res = await fetch(`${base}/rest/${name}?${query}`);
  const body = (await res.json()) as { 'subsonic-response': Payload & { status: string } };
  const answer = body['subsonic-response'];
  if (answer.status !== 'ok') throw new Error(`${name}: ${JSON.stringify(answer)}`);
  return answer;
}

export async function runSubsonicBench(server: RunningServer, runs: number) {
  const { base } = server;
  const apiKey = await memberApiKey(base);

  // The sync a phone app runs on first start: every song, 500 at a time, until a short page.
  const pages: number[] = [];
  let worst = { ms: 0, offset: 0 };
  let songs = 0;
  for (let offset = 0; ; offset += 500) {
    const started = performance.now();
    const answer = await call(base, apiKey, 'search3', {
      query: '""',
      artistCount: '0',
      albumCount: '0',
      songCount: '500',
      songOffset: String(offset),
    });
    const took = performance.now() - started;
    pages.push(took);
    if (took > worst.ms) worst = { ms: took, offset };
    const page = ((answer.searchResult3 as { song?: unknown[] }).song ?? []).length;
    songs += page;
    if (page < 500) break;
  }

  const randomSongs = await measure(runs, () =>
    call(base, apiKey, 'getRandomSongs', { size: '50' }),
  );
  const randomAlbums = await measure(runs, () =>
    call(base, apiKey, 'getAlbumList2', { type: 'random', size: '50', offset: '90000' }),
  );
  const alphabeticalAlbums = await measure(runs, () =>
    call(base, apiKey, 'getAlbumList2', {
      type: 'alphabeticalByName',
      size: '50',
      offset: '90000',
    }),
  );
  return {
    syncPages: pages.length,
    syncSongs: songs,
    syncPerPage: summarize(pages),
    syncWorst: worst,
    randomSongs,
    randomAlbums,
    alphabeticalAlbums,
  } satisfies SubsonicFigures;
}

export async function writeSubsonicReport(
  f: SubsonicFigures,
  catalogue: { collections: number; files: number },
): Promise<void> {
  const date = new Date().toISOString().slice(0, 10);
  const row = (name: string, t: Timing, target: string) =>
    `| ${name} | ${ms(t.p50)} | ${ms(t.p95)} | ${target} |`;
  await writeBenchSection(
    MARKERS,
    [
      MARKERS.begin,
      `## OpenSubsonic (\`bench/subsonic-bench.ts\`, run by \`npm run bench\`, ${date})`,
      '',
      `The server process over HTTP on the generated catalogue (${catalogue.collections.toLocaleString('en')} collections, ${catalogue.files.toLocaleString('en')} files; 1% hidden, so every list applies the visibility rule), as a phone app sees it: a registered member signed in by \`apiKey\`, JSON answers. The sync is what an app runs on first start: \`search3\` with \`query=""\`, 500 songs a page, from offset 0 until a short page (${f.syncPages} pages, ${f.syncSongs.toLocaleString('en')} songs).`,
      '',
      '| measure | p50 | p95 | target |',
      '|---|---|---|---|',
      row(
        `search3 sync, per page of 500 songs (slowest: ${ms(f.syncWorst.ms)} at offset ${f.syncWorst.offset.toLocaleString('en')})`,
        f.syncPerPage,
        'p95 < 100 ms at every offset',
      ),
      row('getRandomSongs size=50', f.randomSongs, 'p95 < 50 ms'),
      row('getAlbumList2 type=random size=50 offset=90000', f.randomAlbums, 'p95 < 50 ms'),
      row(
        'getAlbumList2 type=alphabeticalByName size=50 offset=90000',
        f.alphabeticalAlbums,
        'p95 < 50 ms',
      ),
      MARKERS.end,
    ].join('\n'),
  );
}

/** `npx tsx bench/subsonic-bench.ts`: this section alone, on a freshly generated catalogue. */
async function main(): Promise<void> {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { loadConfig } = await import('../server/config');
  const { createDatabase } = await import('../server/db/database');
  const { migrateToLatest } = await import('../server/db/migrations');
  const { seed } = await import('../server/root/seed');
  const { generateCatalogue } = await import('./generate-catalogue');
  const { startServer } = await import('./server-process');
  const collections = Number(process.env.BENCH_COLLECTIONS ?? 100_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-subsonic-bench-'));
  const password = 'bench-password-1';
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, DEMO: '0' });
  const { db } = createDatabase(config);
  await migrateToLatest(db, 'sqlite');
  await seed(db, config);
  await db.destroy();
  console.log(`generating ${collections} collections...`);
  const { files } = generateCatalogue(join(dataDir, 'musicbox.db'), collections);
  const server = await startServer(dataDir, password);
  try {
    const figures = await runSubsonicBench(server, Number(process.env.BENCH_RUNS ?? 200));
    await writeSubsonicReport(figures, { collections, files });
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('subsonic-bench.ts')) await main();
