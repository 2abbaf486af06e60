import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessSlots } from '../../server/media/process-slots';
import { formatJob, Transcoder } from '../../server/media/transcoder';
import { writeTone } from '../helpers/audio';
import { testFfmpeg } from '../helpers/ffmpeg';

/*
 * A live transcode (an ALAC or AIFF track played in the browser) runs at the listener's pace
 * once the listener's buffers are full. It used to keep its ffmpeg slot for the whole track, so
 * with every slot taken by listeners who were simply listening, the next listener of such a
 * track got no first byte until one of them had nearly played out.
 */
let dir: string;
let slots: ProcessSlots;
let transcoder: Transcoder;
const tracks: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'musicbox-live-slots-'));
  const cache = join(dir, 'cache');
  await mkdir(cache);
  slots = new ProcessSlots(1);
  transcoder = new Transcoder(cache, slots, testFfmpeg, 10_000);
  for (const name of ['first', 'second']) {
    const file = join(dir, `${name}.wav`);
    await writeTone(file, { seconds: 120 });
    tracks.push(file);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Reads the first chunk, then stops reading, as a player with a full buffer does. */
const firstChunk = (stream: Readable): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    stream.once('data', (chunk: Buffer) => {
      stream.pause();
      resolve(chunk);
    });
    stream.once('error', reject);
  });

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('a live transcode paced by its listener', () => {
  it('gives its slot to the next listener, and still plays to the end', async () => {
    const paced = await transcoder.live(
      tracks[0]!,
      formatJob(tracks[0]!, 'MP3_320'),
      new AbortController().signal,
    );
    const head = await firstChunk(paced);
    // ffmpeg fills the listener's buffers, then waits on the listener: its slot is free.
    await expect.poll(() => slots.active, { timeout: 10_000 }).toBe(0);

    const next = await transcoder.live(
      tracks[1]!,
      formatJob(tracks[1]!, 'MP3_320'),
      new AbortController().signal,
    );
    expect((await firstChunk(next)).length).toBeGreaterThan(0);
    next.destroy();

    const rest = await readAll(paced.resume());
    const metadata = await parseBuffer(Buffer.concat([head, rest]), { mimeType: 'audio/mpeg' });
    expect(metadata.format.duration).toBeGreaterThan(119);
    await expect.poll(() => slots.active, { timeout: 10_000 }).toBe(0);
  });
});
