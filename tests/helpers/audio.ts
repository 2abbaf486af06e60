import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testFfmpeg } from './ffmpeg';

const run = promisify(execFile);

export interface ToneOptions {
  /** Written as `-metadata key=value`, in this order. */
  tags?: Record<string, string | number>;
  seconds?: number;
  frequency?: number;
  /** More ffmpeg output options (a codec, a filter), before the file name. */
  args?: string[];
}

/** Writes a sine tone made by ffmpeg to `file`; the extension picks the format. */
export async function writeTone(file: string, options: ToneOptions = {}): Promise<void> {
  const { tags = {}, seconds = 1, frequency = 440, args = [] } = options;
  await run(testFfmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=frequency=${frequency}:duration=${seconds}`],
    ...Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]),
    ...args,
    file,
  ]);
}

/** A one-second tagged MP3 (real audio, so an import reads real tags). */
export async function makeMp3(tags: {
  title: string;
  album: string;
  artist: string;
  track?: number;
}): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'musicbox-mp3-'));
  const file = join(dir, 'track.mp3');
  try {
    await writeTone(file, {
      frequency: tags.track === undefined ? 440 : 300 + tags.track * 50,
      tags: { ...tags, album_artist: tags.artist },
      args: ['-codec:a', 'libmp3lame', '-b:a', '64k'],
    });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
