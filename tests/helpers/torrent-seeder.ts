import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../server/node/net/free-port';
import { testFfmpeg } from './ffmpeg';

const run = promisify(execFile);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SeededFile {
  /** File name inside the torrent's folder; the extension picks the format (.flac, .mp3, .wav). */
  name: string;
  /** Length of the generated noise (noise does not compress, so size ≈ seconds × bitrate). */
  seconds: number;
}

export interface TorrentSeeder {
  /** The torrent's top folder name. */
  name: string;
  /** Folder holding the seeded files (compare downloads against it). */
  contentDir: string;
  files: string[];
  magnet: string;
  torrentBase64: string;
  infoHash: string;
  close(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const gone = await Promise.race([exited(child).then(() => true), wait(3000).then(() => false)]);
  if (!gone) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

async function seederCount(trackerPort: number, infoHash: string): Promise<number> {
  const raw = Buffer.from(infoHash, 'hex');
  const hash = [...raw].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  const res = await fetch(`http://127.0.0.1:${trackerPort}/scrape?info_hash=${hash}`).catch(
    () => null,
  );
  if (!res?.ok) return 0;
  const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
  return Number(/8:completei(\d+)e/.exec(text)?.[1] ?? 0);
}

/**
 * A real swarm on loopback for torrent tests: generated audio files, a .torrent made with
 * mktorrent, Debian's opentracker (it tracks only the whitelisted hash and, as root, drops to
 * `nobody` by itself) and a seeding aria2c. Resolves once the tracker lists the seeder, so a
 * downloader's first announce already finds it. `uploadLimit` (bytes/s) slows the seeder so a
 * test can interrupt a download halfway.
 */
export async function startTorrentSeeder(
  options: { name?: string; files?: SeededFile[]; uploadLimit?: number } = {},
): Promise<TorrentSeeder> {
  const name = options.name ?? 'Seeded Album';
  const files = options.files ?? [
    { name: '01 First.flac', seconds: 2 },
    { name: '02 Second.mp3', seconds: 3 },
  ];
  const base = await mkdtemp(join(tmpdir(), 'seeder-'));
  const contentDir = join(base, name);
  await mkdir(contentDir);
  for (const file of files) {
    await run(testFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `anoisesrc=d=${file.seconds}:c=pink:a=0.3`, '-ac', '2', '-ar', '44100'],
      join(contentDir, file.name),
    ]);
  }
  const trackerPort = await freePort();
  const torrentPath = join(base, 'seed.torrent');
  await run('mktorrent', [
    ...['-a', `http://127.0.0.1:${trackerPort}/announce`, '-l', '16'],
    ...['-o', torrentPath, contentDir],
  ]);
  const shown = (await run('aria2c', ['-S', torrentPath])).stdout;
  const infoHash = /^Info Hash: ([0-9a-f]{40})$/m.exec(shown)?.[1];
  const magnet = /^Magnet URI: (\S+)$/m.exec(shown)?.[1];
  if (!infoHash || !magnet) throw new Error(`aria2c -S did not show the torrent: ${shown}`);
  await writeFile(join(base, 'whitelist'), `${infoHash}\n`, { mode: 0o644 });
  await chmod(base, 0o755);

  const children: ChildProcess[] = [];
  const close = async () => {
    for (const child of children.reverse()) await stopChild(child);
    await rm(base, { recursive: true, force: true });
  };
  try {
    const tracker = spawn(
      'opentracker',
      [
        ...['-i', '127.0.0.1', '-p', String(trackerPort), '-P', String(trackerPort)],
        // It chroots into -d and reads the whitelist from there, after dropping to nobody.
        ...['-d', base, '-w', 'whitelist'],
      ],
      { cwd: base, stdio: 'ignore' },
    );
    children.push(tracker);
    const seeder = spawn(
      'aria2c',
      [
        ...['--no-conf=true', '--check-integrity=true', '--seed-ratio=0.0', `--dir=${base}`],
        ...[`--listen-port=${await freePort()}`, '--enable-dht=false', '--bt-enable-lpd=false'],
        ...['--enable-peer-exchange=false', `--stop-with-process=${process.pid}`, '--quiet=true'],
        `--max-overall-upload-limit=${options.uploadLimit ?? 0}`,
        torrentPath,
      ],
      { stdio: 'ignore' },
    );
    children.push(seeder);
    for (let i = 0; (await seederCount(trackerPort, infoHash)) < 1; i += 1) {
      if (i > 100) throw new Error('the seeder never reached the tracker');
      if (tracker.exitCode !== null || seeder.exitCode !== null)
        throw new Error('opentracker or the seeding aria2c stopped at start');
      await wait(100);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    name,
    contentDir,
    files: files.map((f) => f.name),
    magnet,
    torrentBase64: (await readFile(torrentPath)).toString('base64'),
    infoHash,
    close,
  };
}
