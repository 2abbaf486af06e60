import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { TranscodeFormat } from '../../domain/audio-format';
import { LocalStorage } from '../storage/local-storage';
import { StorageNotFound } from '../storage/storage';
import { StoredFiles } from '../storage/stored-files';
import { ffmpegPath } from './ffmpeg-binary';
import type { ProcessSlots } from './process-slots';
import { FFMPEG_STALL_MS, killWhenStalled } from './stall-watchdog';
import { previewArgs, transcodeArgs } from './transcode-args';
import { DISK_FULL_LOG, ffmpegFailure, removeQuietly, tempName } from './transcode-output';

/** Bump when the ffmpeg arguments change, so old cached results are not served again. */
const ARGS_VERSION = 1;
export const PREVIEW_SECONDS = 30;

/** One kind of conversion of one source file. */
export interface TranscodeJob {
  /** Part of the cache key: the format name, or the preview's length. */
  kind: string;
  extension: string;
  mime: string;
  streamable: boolean;
  /**
   * ffmpeg arguments; streamable jobs write to stdout and ignore `output`. `input` replaces the
   * source the job was made for (object storage hands ffmpeg a presigned URL for it).
   */
  args(output: string, input?: string): string[];
}

export function formatJob(input: string, format: TranscodeFormat): TranscodeJob {
  const { extension, mime, streamable } = transcodeArgs(input, format, '/dev/null');
  return {
    kind: format,
    extension,
    mime,
    streamable,
    args: (output, from = input) => transcodeArgs(from, format, output).args,
  };
}

export function previewJob(input: string, duration: number): TranscodeJob {
  return {
    kind: `preview-${PREVIEW_SECONDS}`,
    extension: 'mp3',
    mime: 'audio/mpeg',
    streamable: true,
    args: (_output, from = input) => previewArgs(from, duration, PREVIEW_SECONDS),
  };
}

/**
 * Runs ffmpeg under the shared process slots and keeps finished results in a content-addressed
 * cache (source path, size, mtime, job, argument version), so a repeat is a plain file send.
 * Results appear in the cache only complete: written to a temporary name, renamed on success.
 */
export class Transcoder {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly cacheDir: string,
    readonly slots: ProcessSlots,
    private readonly ffmpeg: () => string = ffmpegPath,
    /** A run that makes no progress this long is killed (tests shorten it). */
    private readonly stallMs: number = FFMPEG_STALL_MS,
    /**
     * Where sources are read and finished results kept: on object storage a result is uploaded
     * under its cache key, so every app server finds what one of them made.
     */
    readonly files: StoredFiles = new StoredFiles(new LocalStorage(cacheDir), cacheDir),
  ) {}

  /** The ffmpeg to run; throws the 503 when this server has none. */
  binary(): string {
    return this.ffmpeg();
  }

  /** Where the result is made on this machine: content-addressed under the cache folder. */
  async cachePath(source: string, job: TranscodeJob): Promise<string> {
    const info = await this.files.stat(source);
    if (info === null) throw new StorageNotFound(source);
    const key = createHash('sha256')
      .update([source, info.size, info.mtime.getTime(), job.kind, ARGS_VERSION].join('\u0000'))
      .digest('hex');
    return join(this.cacheDir, key.slice(0, 2), `${key}.${job.extension}`);
  }

  /** What a finished result's reference is: its path locally, its key on object storage. */
  private cacheRef(target: string): string {
    return this.files.storage.kind === 'local' ? target : this.files.keyOf(target);
  }

  /** The cached result (a path or a storage key, for StoredFiles) when it is already there. */
  async lookup(source: string, job: TranscodeJob): Promise<string | null> {
    const ref = this.cacheRef(await this.cachePath(source, job));
    return (await this.files.stat(ref)) === null ? null : ref;
  }

  /** Makes sure the result is cached and answers its reference; concurrent callers share a run. */
  async ensure(source: string, job: TranscodeJob, signal?: AbortSignal): Promise<string> {
    const target = await this.cachePath(source, job);
    const ref = this.cacheRef(target);
    if ((await this.files.stat(ref)) !== null) return ref;
    let run = this.inFlight.get(target);
    if (!run) {
      run = this.files
        .ffmpegInput(source)
        .then((input) => this.runToFile(job, input, target, signal))
        .then(() => this.files.keep(target))
        .finally(() => this.inFlight.delete(target));
      this.inFlight.set(target, run);
    }
    return run;
  }

  /**
   * Starts ffmpeg and answers its output as it is produced, teed into a temporary cache file
   * that is kept only when ffmpeg succeeds and the client stayed. Aborting kills ffmpeg.
   */
  async live(source: string, job: TranscodeJob, signal: AbortSignal): Promise<Readable> {
    const target = await this.cachePath(source, job);
    // Before taking a slot: with no ffmpeg this throws the 503 and must not hold a slot.
    const binary = this.binary();
    const input = await this.files.ffmpegInput(source);
    await mkdir(dirname(target), { recursive: true });
    const release = await this.slots.acquire(signal);
    const temp = tempName(target);
    const child = spawn(binary, job.args('pipe:1', input), {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const file = createWriteStream(temp);
    const out = new PassThrough();
    // A cache write that fails (a full disk) only costs the cache: the listener still gets the
    // whole transcode, and the partial temp file is never renamed into the cache.
    // Both copies are written by hand, not piped: pipe() keeps waiting for a 'drain' that a
    // file stream which failed mid-write (a full disk) never emits, and the listener's stream
    // stalled with it. ffmpeg's output waits for whichever of the two is behind.
    let cacheFailed = false;
    let fileBehind = false;
    let listenerBehind = false;
    const flow = () => {
      if (!fileBehind && !listenerBehind) child.stdout.resume();
    };
    file.on('error', () => {
      cacheFailed = true;
      fileBehind = false;
      flow();
    });
    child.stdout.on('end', () => file.end());
    let produced = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (!cacheFailed && !file.write(chunk)) {
        fileBehind = true;
        file.once('drain', () => {
          fileBehind = false;
          flow();
        });
      }
      // Ended by hand below: only a run that exits 0 ends cleanly; a killed or failed one
      // errors, so a listener never takes a cut-off transcode for the whole track.
      if (!out.destroyed && !out.write(chunk)) {
        listenerBehind = true;
        // From here ffmpeg runs at the listener's pace, a sliver of a core: its slot goes to the
        // next transcode. Held for the whole track, two slots kept a third listener of an ALAC
        // or AIFF track from its first byte until a track before it had nearly played out.
        release();
        out.once('drain', () => {
          listenerBehind = false;
          flow();
        });
      }
      if (fileBehind || listenerBehind) child.stdout.pause();
    });
    // A listener who paused stops reading: ffmpeg waiting on that is not stalled.
    killWhenStalled(
      child,
      () => produced,
      this.stallMs,
      () => child.stdout.isPaused(),
    );

    let aborted = false;
    const abort = () => {
      if (aborted) return;
      aborted = true;
      child.kill('SIGKILL');
      // Output still buffered for a listener who is gone would hold the child's 'close' (and
      // so the slot and the temp file) forever.
      child.stdout.destroy();
      out.destroy();
    };
    signal.addEventListener('abort', abort, { once: true });
    // Fastify destroys the payload when the client goes away: that is a disconnect too.
    out.on('close', () => {
      if (!out.readableEnded) abort();
    });
    const exited = new Promise<number | null>((resolve) => {
      child.on('error', (error) => {
        out.destroy(error);
        resolve(null);
      });
      child.on('close', (code) => resolve(code));
    });
    const written = new Promise<void>((resolve) => file.on('close', () => resolve()));
    void exited.then(async (code) => {
      release();
      signal.removeEventListener('abort', abort);
      if (code === 0 && !aborted) out.end();
      else if (!aborted) out.destroy(new Error(`ffmpeg exited with ${code}`));
      if ((code !== 0 || aborted) && !file.writableEnded) file.end();
      await written;
      if (code === 0 && !aborted && !cacheFailed) {
        const kept = await rename(temp, target).then(
          () => true,
          () => removeQuietly(temp).then(() => false),
        );
        // A cache upload that fails costs only the cache: the next listener makes it again.
        if (kept) await this.files.keep(target).catch(() => removeQuietly(target));
      } else await removeQuietly(temp);
    });
    if (signal.aborted) abort();
    return out;
  }

  private async runToFile(
    job: TranscodeJob,
    input: string,
    target: string,
    signal?: AbortSignal,
  ): Promise<string> {
    const binary = this.binary();
    await mkdir(dirname(target), { recursive: true });
    const release = await this.slots.acquire(signal);
    const temp = tempName(target);
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(binary, job.args(temp, input), {
          stdio: ['ignore', job.streamable ? 'pipe' : 'ignore', 'pipe'],
        });
        const kill = () => child.kill('SIGKILL');
        signal?.addEventListener('abort', kill, { once: true });
        // Nobody reads a run into the cache: its file not growing for a while is a hang.
        killWhenStalled(
          child,
          () =>
            stat(temp).then(
              (info) => info.size,
              () => 0,
            ),
          this.stallMs,
        );
        // A failed write (a full disk) stops ffmpeg and is the error the caller gets.
        let writeError: Error | null = null;
        const written =
          job.streamable && child.stdout
            ? new Promise<void>((done) => {
                const file = createWriteStream(temp);
                file.on('error', (error) => {
                  writeError = error;
                  kill();
                });
                child.stdout?.pipe(file).on('close', done);
              })
            : Promise.resolve();
        let stderr = '';
        child.stderr?.on(
          'data',
          (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)),
        );
        child.on('error', reject);
        child.on('close', (code) => {
          signal?.removeEventListener('abort', kill);
          void written.then(() => {
            if (writeError) reject(writeError);
            // ffmpeg exits 0 when the disk filled while it wrote the FLAC trailer: the file
            // is cut off, and only its log says so.
            else if (code === 0 && !DISK_FULL_LOG.test(stderr)) resolve();
            else reject(ffmpegFailure(signal?.aborted ? 'aborted' : code, stderr));
          });
        });
      });
      await rename(temp, target);
      return target;
    } catch (error) {
      await removeQuietly(temp);
      throw error;
    } finally {
      release();
    }
  }
}
