import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { parseFfmpegPath } from '../config';
import { ServiceUnavailable } from '../errors';

export interface FfmpegBinary {
  /** What spawn runs: an absolute path, or `ffmpeg` looked up on PATH. */
  path: string;
  /** As printed by `ffmpeg -version`, e.g. `5.1.6-0+deb12u1` or `N-47683-g0e8eb07980-static`. */
  version: string;
  source: 'FFMPEG_PATH' | 'system' | 'bundled';
}

export const FFMPEG_UNAVAILABLE =
  'Audio processing is unavailable: ffmpeg is not installed on this server';

/** The one line the server prints at start when it has no ffmpeg to run. */
export function ffmpegMissingLine(forced: string | null): string {
  const where = forced === null ? 'ffmpeg not found' : `ffmpeg not usable at FFMPEG_PATH=${forced}`;
  return `${where}: media features (transcodes, previews, waveforms, tag writing, demo library) are off; install it with \`apt-get install ffmpeg\` or set FFMPEG_PATH`;
}

/** The version a binary prints, or null when it does not run as ffmpeg. */
function probe(path: string): string | null {
  const result = spawnSync(path, ['-version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 10_000,
  });
  if (result.status !== 0 || typeof result.stdout !== 'string') return null;
  return /^ffmpeg version (\S+)/.exec(result.stdout)?.[1] ?? null;
}

/** The binary @ffmpeg-installer/ffmpeg ships for this platform, if it has one. */
export function bundledFfmpegPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    // The package throws (a string) on platforms it has no binary for.
    return null;
  }
}

const found = new Map<string, FfmpegBinary | null>();

/**
 * The binary to run: `forced` (FFMPEG_PATH) alone when given, else the system's ffmpeg on PATH
 * (newer, with the distribution's codecs), else the one shipped by npm. Null when none runs.
 * Probing spawns processes, so each answer is remembered for the life of the process.
 */
export function findFfmpeg(forced: string | null): FfmpegBinary | null {
  const key = forced ?? '';
  if (found.has(key)) return found.get(key) ?? null;
  const candidates: Array<Pick<FfmpegBinary, 'path' | 'source'>> =
    forced !== null
      ? [{ path: forced, source: 'FFMPEG_PATH' }]
      : [{ path: 'ffmpeg', source: 'system' }];
  const bundled = forced === null ? bundledFfmpegPath() : null;
  if (bundled !== null) candidates.push({ path: bundled, source: 'bundled' });
  let choice: FfmpegBinary | null = null;
  for (const candidate of candidates) {
    const version = probe(candidate.path);
    if (version !== null) {
      choice = { ...candidate, version };
      break;
    }
  }
  found.set(key, choice);
  return choice;
}

// The binary is a property of the process, like the ffmpeg process slots: chosen once at start
// from the configuration, then used by every transcode, waveform and tag write.
let current: FfmpegBinary | null | undefined;

/** Chooses the binary every later ffmpeg call runs; answers it, or null when none runs. */
export function chooseFfmpeg(forced: string | null): FfmpegBinary | null {
  current = findFfmpeg(forced);
  return current;
}

/**
 * Forgets the choice, so the next call takes FFMPEG_PATH's again. For tests, whose files share
 * one process: an app built on a missing binary would otherwise leave every later file without
 * ffmpeg (tests/helpers/per-file-state.ts).
 */
export function forgetFfmpegChoice(): void {
  current = undefined;
}

/** The chosen ffmpeg; command-line tools that never called chooseFfmpeg get FFMPEG_PATH's. */
export function currentFfmpeg(): FfmpegBinary | null {
  // Not `??=`: null is an answer (no ffmpeg), only undefined means nobody chose yet.
  if (current === undefined) current = findFfmpeg(parseFfmpegPath(process.env.FFMPEG_PATH));
  return current;
}

/** The binary to spawn; throws a 503 for the caller's request when this server has none. */
export function ffmpegPath(): string {
  const binary = currentFfmpeg();
  if (binary === null) throw new ServiceUnavailable(FFMPEG_UNAVAILABLE);
  return binary.path;
}
