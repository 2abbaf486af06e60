import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessSlots } from '../../server/media/process-slots';
import { formatJob, Transcoder } from '../../server/media/transcoder';
import { writeTone } from '../helpers/audio';
import { testFfmpeg } from '../helpers/ffmpeg';

/**
 * ffmpeg hanging or dying under a transcode (issue 31 §3), with the real ffmpeg: a hang is a
 * source it cannot open (a FIFO nobody writes, as a dead network mount behaves), a death is a
 * SIGKILL sent to it mid-run. The listener gets an error within the bound, the process slot is
 * released, and no partial file is left in the cache or served later.
 */
const STALL_MS = 1_000;
/**
 * The bound of the listener who pauses. ffmpeg's start counts against a bound (a source that
 * never opens is a hang too), and on a loaded CI machine (the PostgreSQL step, four files at
 * once on two cores) a start took over a second: with STALL_MS the watchdog killed ffmpeg before
 * its first byte, and a test waiting for that byte waited out its 30 s. The kill test uses the
 * production bound: it is about a death, not a hang.
 */
const PAUSE_STALL_MS = 3_000;
const run = promisify(execFile);
let dir: string;
let cache: string;
let slots: ProcessSlots;
let transcoder: Transcoder;
/** As `transcoder`, with the production bound (a minute): for the kill, which is not a hang. */
let patient: Transcoder;
/** As `transcoder`, with a bound a slow start stays within. */
let pausable: Transcoder;
let long: string;
let hung: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'musicbox-ffmpeg-faults-'));
  cache = join(dir, 'cache');
  await mkdir(cache);
  slots = new ProcessSlots(2);
  transcoder = new Transcoder(cache, slots, testFfmpeg, STALL_MS);
  patient = new Transcoder(cache, slots, testFfmpeg);
  pausable = new Transcoder(cache, slots, testFfmpeg, PAUSE_STALL_MS);
  long = join(dir, 'long.wav');
  await writeTone(long, { seconds: 120 });
  hung = join(dir, 'hung.wav');
  await run('mkfifo', [hung]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every file under the cache folder (results and temporaries). */
const cached = async (): Promise<string[]> =>
  (await readdir(cache, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

/** Reads a stream to its end; answers its byte count, or the error that ended it. */
const drain = (stream: Readable): Promise<number | Error> =>
  new Promise((resolve) => {
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    stream.on('end', () => resolve(bytes));
    stream.on('error', (error) => resolve(error));
  });

const settled = () =>
  expect.poll(async () => ({ active: slots.active, files: await cached() }), { timeout: 10_000 });

describe('ffmpeg that hangs', () => {
  it('a live transcode errors within the bound, frees its slot and leaves nothing', async () => {
    const stream = await transcoder.live(
      hung,
      formatJob(hung, 'MP3_320'),
      new AbortController().signal,
    );
    expect(slots.active).toBe(1);
    expect(await drain(stream)).toBeInstanceOf(Error);
    await settled().toEqual({ active: 0, files: [] });
  });

  it('a run into the cache (a file format) fails within the bound and leaves nothing', async () => {
    await expect(transcoder.ensure(hung, formatJob(hung, 'FLAC'))).rejects.toThrow(/ffmpeg exited/);
    await settled().toEqual({ active: 0, files: [] });
  });
});

describe('ffmpeg killed mid-transcode', () => {
  it('ends the listener with an error, caches nothing, and the next run caches the whole file', async () => {
    const job = formatJob(long, 'MP3_320');
    const stream = await patient.live(long, job, new AbortController().signal);
    const ended = drain(stream);
    // Once output flows, kill the ffmpeg reading this very source, as the OOM killer would.
    // once() rejects if the stream errors first (ffmpeg killed before its first byte).
    await once(stream, 'data');
    await run('pkill', ['-KILL', '-f', long]);
    expect(await ended).toBeInstanceOf(Error);
    await settled().toEqual({ active: 0, files: [] });
    expect(await patient.lookup(long, job)).toBeNull();

    const whole = await patient.ensure(long, job);
    const { format } = await parseFile(whole, { duration: true });
    expect(format.duration).toBeGreaterThan(119);
    expect(await cached()).toHaveLength(1);
  });
});

describe('a listener who pauses', () => {
  it('is not taken for a hang: the transcode waits for them and completes', async () => {
    const stream = await pausable.live(long, formatJob(long, 'WAV'), new AbortController().signal);
    await once(stream, 'readable');
    // Not reading for twice the stall bound: ffmpeg is held back, not hung.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_STALL_MS * 2));
    const bytes = await drain(stream);
    expect(typeof bytes).toBe('number');
    // 120 s of 44.1 kHz 16-bit mono: about 10.6 MB.
    expect(bytes as number).toBeGreaterThan(10_000_000);
  });
});
