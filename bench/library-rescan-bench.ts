/**
 * `npx tsx bench/library-rescan-bench.ts` (also run by `npm run bench`): issue 46's figures of
 * a living library, measured over HTTP against the compiled server in its own process
 * (bench/server-process.ts), MUSIC_DIR a folder built here:
 * - a rescan of an unchanged library of 100,000 files: "Scan now" (POST /api/library/import as
 *   the administrator), timed from the request until GET /api/library/import/{jobId} says done;
 * - a new album listed: an album of real MP3s copied into MUSIC_DIR while the server follows
 *   it (LIBRARY_WATCH=1), timed from the end of the copy until a search finds it;
 * - the server's RSS (/proc/<pid>/status VmRSS, sampled every 100 ms) during a rescan of
 *   1,000,000 unchanged files, beside its RSS before.
 * The known library is seeded as bench/library-seed.ts says (rows as a first import leaves
 * them, empty files on disk). BENCH_LIBRARY_FILES=100000,1000000 picks the sizes (the million
 * takes about 5 minutes of the 7 here); BENCH_LIBRARY_RUNS the rescans per size.
 */
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { makeArrivingAlbum } from './library-album';
import { seedKnownLibrary } from './library-seed';
import { sectionMarkers, writeBenchSection } from './report-section';
import { serveFlags } from './served-catalogue';
import { startServer, type RunningServer } from './server-process';

const servedWith = await serveFlags();
const SERVE_FLAGS = servedWith.trim();
const SIZES = (process.env.BENCH_LIBRARY_FILES ?? '100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_LIBRARY_RUNS ?? 3);
const PASSWORD = 'bench-password-1';
const MARKERS = sectionMarkers('library-rescan-bench');
const MIB = 2 ** 20;
const TARGET = { rescanSeconds: 30, filesForRescan: 100_000, listedSeconds: 10, rssMib: 300 };

interface Scan {
  seconds: number;
  summary: Record<string, number>;
  peakRss: number;
}

interface SizeFigures {
  files: number;
  seedSeconds: number;
  rssBefore: number;
  scans: Scan[];
  /** Seconds from the end of the copy to the album's first search hit (100,000 only). */
  listed?: { seconds: number; scanSeconds: number };
}

const xsrfOf = (server: RunningServer) => /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '';

async function call<T>(server: RunningServer, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      cookie: server.cookie,
      'x-xsrf-token': xsrfOf(server),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Job {
  jobId: number;
  state: string;
  summary?: Record<string, number> | null;
  problems: unknown[];
}

const rssOf = async (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** "Scan now", timed from outside until the job is done, the server's RSS sampled meanwhile. */
async function scanNow(server: RunningServer): Promise<Scan> {
  let peakRss = 0;
  const sampler = setInterval(() => {
    rssOf(server.child.pid!).then(
      (rss) => (peakRss = Math.max(peakRss, rss)),
      () => undefined,
    );
  }, 100);
  const started = performance.now();
  try {
    const { jobId } = await call<Job>(server, 'POST', '/api/library/import');
    for (;;) {
      const job = await call<Job>(server, 'GET', `/api/library/import/${jobId}`);
      if (job.state !== 'running') {
        const seconds = (performance.now() - started) / 1000;
        if (job.state !== 'done') throw new Error(`the scan ended ${job.state}`);
        return { seconds, summary: job.summary ?? {}, peakRss };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    clearInterval(sampler);
  }
}

/** Copies the album in, then searches every 100 ms until it is listed. */
async function newAlbum(server: RunningServer, music: string, staged: string, title: string) {
  const before = await call<Job[]>(server, 'GET', '/api/library/import');
  await cp(staged, join(music, title), { recursive: true });
  const copied = performance.now();
  for (;;) {
    const found = await call<{ data: unknown[] }>(server, 'POST', '/api/audio_collection/search', {
      query: title,
      offset: 0,
      limit: 5,
    });
    if (found.data.length > 0) break;
    if (performance.now() - copied > 300_000) throw new Error('the new album was not listed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - copied) / 1000;
  // The scan the watch asked for: the newest job, once it is done (for its own time).
  for (;;) {
    const [job] = await call<Array<Job & { startedAt: string; finishedAt: string | null }>>(
      server,
      'GET',
      '/api/library/import',
    );
    if (job && job.jobId !== before[0]?.jobId && job.finishedAt !== null) {
      const scanSeconds = (Date.parse(job.finishedAt) - Date.parse(job.startedAt)) / 1000;
      return { seconds, scanSeconds };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function benchSize(files: number, album: { dir: string; title: string }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-rescan-bench-'));
  const music = join(dataDir, '..', `${dataDir.split('/').pop()}-music`);
  try {
    await mkdir(music);
    console.log(`seeding ${files.toLocaleString('en')} known files...`);
    const seeded = await seedKnownLibrary(dataDir, music, Math.ceil(files / 10), PASSWORD);
    console.log(`  ${seeded.files} files in ${seeded.seconds.toFixed(1)} s`);
    // The watch (one inotify watch per folder) only where the new-album figure needs it.
    const watch = files <= 100_000;
    const extra = process.env.BENCH_SERVER_NODE_ARGS;
    process.env.BENCH_SERVER_NODE_ARGS = `${servedWith}${extra ?? ''}`;
    const server = await startServer(dataDir, PASSWORD, {
      MUSIC_DIR: music,
      LIBRARY_WATCH: watch ? '1' : '0',
      SCAN_INTERVAL: '0',
      LOUDNESS_BACKFILL_DELAY_MS: '3600000',
    });
    try {
      const figures: SizeFigures = {
        files: seeded.files,
        seedSeconds: seeded.seconds,
        rssBefore: await rssOf(server.child.pid!),
        scans: [],
      };
      for (let run = 1; run <= RUNS; run += 1) {
        const scan = await scanNow(server);
        console.log(
          `  rescan ${run}: ${scan.seconds.toFixed(1)} s ${JSON.stringify(scan.summary)}`,
        );
        figures.scans.push(scan);
      }
      if (watch) figures.listed = await newAlbum(server, music, album.dir, album.title);
      return figures;
    } finally {
      await server.stop();
      if (extra === undefined) delete process.env.BENCH_SERVER_NODE_ARGS;
      else process.env.BENCH_SERVER_NODE_ARGS = extra;
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(music, { recursive: true, force: true });
  }
}

const s1 = (seconds: number) => `${seconds.toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
const met = (ok: boolean) => (ok ? '(met)' : '(missed)');

function render(results: SizeFigures[]): string {
  const rows: string[] = [];
  for (const r of results) {
    const best = Math.min(...r.scans.map((s) => s.seconds));
    const peak = Math.max(...r.scans.map((s) => s.peakRss));
    const n = r.files.toLocaleString('en');
    const all = r.scans.map((s) => s1(s.seconds)).join(', ');
    const timed = r.files === TARGET.filesForRescan;
    rows.push(
      `| rescan of an unchanged library of ${n} files ("Scan now" until done; runs: ${all}) | ${s1(best)} | ${timed ? `< ${TARGET.rescanSeconds} s ${met(best < TARGET.rescanSeconds)}` : ''} |`,
      `| server RSS during the rescans of ${n} files (before: ${mib(r.rssBefore)}) | ${mib(peak)} | ${r.files >= 1_000_000 ? `< ${TARGET.rssMib} MB ${met(peak < TARGET.rssMib * 1e6)}` : ''} |`,
    );
    if (r.listed)
      rows.push(
        `| new album listed after its copy ended (${n} files known; the scan it waited for: ${s1(r.listed.scanSeconds)}) | ${s1(r.listed.seconds)} | < ${TARGET.listedSeconds} s ${met(r.listed.seconds < TARGET.listedSeconds)} |`,
      );
  }
  const seeds = results.map((r) => `${r.files.toLocaleString('en')} in ${s1(r.seedSeconds)}`);
  return [
    MARKERS.begin,
    `## A living library: rescans over HTTP (issue 46, \`npm run bench\` or \`npx tsx bench/library-rescan-bench.ts\`, ${new Date().toISOString().slice(0, 10)})`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}. The compiled server (\`dist/server/main.js\` run by \`node ${SERVE_FLAGS}\`, the flags of \`npm run serve\`) in its own process on SQLite, MUSIC_DIR a folder built here (DEMO=0, SCAN_INTERVAL=0, LIBRARY_WATCH=1 for the new album only, loudness backfill not started); this process signs in as the administrator and times over HTTP. The known library is seeded as a first import leaves it (bench/library-seed.ts: synthetic rows with each file's stored size and mtime equal to an empty file on disk, ten per folder; seeded ${seeds.join(', ')}), so each rescan finds every file unchanged (summary checked: nothing new, changed or missing). The new album is ten 20 s MP3s copied in with \`fs.cp\`; it is listed when a search for its title finds it. RSS: /proc/<pid>/status VmRSS of the server, sampled every 100 ms during the rescans.`,
    '',
    '| measure | figure | target |',
    '| --- | ---: | --- |',
    ...rows,
    '',
    MARKERS.end,
  ].join('\n');
}

async function main(): Promise<void> {
  const staging = await mkdtemp(join(tmpdir(), 'musicbox-arriving-'));
  try {
    const album = await makeArrivingAlbum(staging);
    const results: SizeFigures[] = [];
    for (const files of SIZES) results.push(await benchSize(files, album));
    await writeBenchSection(MARKERS, render(results));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await main();

export { main as runLibraryRescanBench };
