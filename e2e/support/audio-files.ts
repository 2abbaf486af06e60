import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** A scratch folder for files a test picks in the browser; `remove` when the test ends. */
export async function scratchDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'musicbox-e2e-audio-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** One-second tagged mp3s, one per title (track numbers in order), made by ffmpeg. */
export async function taggedMp3s(
  dir: string,
  album: string,
  artist: string,
  titles: string[],
): Promise<string[]> {
  const paths: string[] = [];
  for (const [i, title] of titles.entries()) {
    const path = join(dir, `${String(i + 1).padStart(2, '0')} ${title}.mp3`);
    // prettier-ignore
    await run(FFMPEG, [
      '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${300 + i * 60}:duration=1`,
      '-metadata', `title=${title}`, '-metadata', `album=${album}`,
      '-metadata', `artist=${artist}`, '-metadata', `album_artist=${artist}`,
      '-metadata', `track=${i + 1}`, '-q:a', '9', path,
    ]);
    paths.push(path);
  }
  return paths;
}

/** A mono 16-bit WAV of `seconds` (about 88 kB a second): large enough to go through tus. */
export async function longWav(dir: string, name: string, seconds: number): Promise<string> {
  const path = join(dir, name);
  // prettier-ignore
  await run(FFMPEG, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-ac', '1', '-ar', '44100', '-c:a', 'pcm_s16le', path,
  ]);
  return path;
}
