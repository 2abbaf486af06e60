import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../server/media/ffmpeg-binary';

const run = promisify(execFile);
const TRACKS = 10;
const SECONDS = 20;

/**
 * The album the new-album figure copies into MUSIC_DIR (bench/library-rescan-bench.ts): ten
 * 20 s stereo MP3s at 192 kbps with ID3 tags (title, artist, album, track) written by ffmpeg,
 * about 480 KB each, made once in a staging folder. Its title is a word no seeded row holds,
 * so a search finds it and nothing else.
 */
export async function makeArrivingAlbum(staging: string): Promise<{ dir: string; title: string }> {
  const title = `Arrival Zyxbench ${process.pid}`;
  const dir = join(staging, 'album');
  await mkdir(dir);
  for (let n = 1; n <= TRACKS; n += 1) {
    // prettier-ignore
    await run(ffmpegPath(), [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `sine=f=${200 + n * 30}:d=${SECONDS}`,
      '-ac', '2', '-ar', '44100', '-codec:a', 'libmp3lame', '-b:a', '192k',
      '-metadata', `title=Arriving ${n}`, '-metadata', 'artist=Bench Band',
      '-metadata', 'album_artist=Bench Band', '-metadata', `album=${title}`,
      '-metadata', `track=${n}/${TRACKS}`,
      join(dir, `${String(n).padStart(2, '0')} Arriving ${n}.mp3`),
    ]);
  }
  return { dir, title };
}
