import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testFfmpeg } from '../helpers/ffmpeg';

const run = promisify(execFile);

/** An ID3v2.3 text frame (ISO-8859-1), size as a plain 32-bit number. */
function textFrame(id: string, text: string): Buffer {
  const data = Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(data.length, 4);
  return Buffer.concat([header, data]);
}

function id3(tags: Record<string, string>): Buffer {
  const frames = Buffer.concat(Object.entries(tags).map(([id, text]) => textFrame(id, text)));
  const size = frames.length;
  // The tag size is "syncsafe": 7 bits a byte.
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return Buffer.concat([header, frames]);
}

/**
 * `albums` folders of `tracks` real MP3s each, one album per folder, tagged differently. ffmpeg
 * runs once; the copies only get their own ID3 tag in front (hundreds of files in a second).
 */
export async function writeAlbums(
  root: string,
  albums: number,
  tracks: number,
  seconds = 2,
): Promise<string[]> {
  const plain = `${root}.plain.mp3`;
  await mkdir(root, { recursive: true });
  await run(testFfmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:duration=${seconds}`, '-map_metadata', '-1'],
    ...['-write_id3v2', '0', '-codec:a', 'libmp3lame', '-b:a', '64k', plain],
  ]);
  const audio = await readFile(plain);
  await rm(plain);
  const paths: string[] = [];
  for (let a = 1; a <= albums; a++) {
    const dir = join(root, `Album ${a}`);
    await mkdir(dir);
    for (let t = 1; t <= tracks; t++) {
      const path = join(dir, `${t} Song.mp3`);
      const tag = id3({
        TIT2: `Song ${a}.${t}`,
        TALB: `Album ${a}`,
        TPE1: `Artist ${a}`,
        TPE2: `Artist ${a}`,
        TRCK: String(t),
      });
      await writeFile(path, Buffer.concat([tag, audio]));
      paths.push(path);
    }
  }
  return paths;
}
