import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAPLESS_MIME, GAPLESS_TRIM_HEADER, gaplessUrl, parseTrim } from '../../domain/gapless';
import { GAPLESS_TOO_SLOW } from '../../server/modules/media/gapless.service';
import { TestClient } from '../helpers/client';
import { testFfmpeg } from '../helpers/ffmpeg';
import { audioFile } from '../helpers/library-files';
import { memberWithRole, perFile, setUpLibrary } from '../helpers/setup';
import { settled } from '../helpers/settled';

const run = promisify(execFile);
const s = perFile(() => setUpLibrary());
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'musicbox-gapless-'));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Decoded sample frames (mono-mixed s16) of a file or a response body, by ffmpeg. */
async function frames(pathOrBody: string | Buffer): Promise<number> {
  let path = pathOrBody;
  if (Buffer.isBuffer(pathOrBody)) {
    path = join(scratch, `${Math.random().toString(36).slice(2)}.mp4`);
    await writeFile(path, pathOrBody);
  }
  const { stdout } = await run(
    testFfmpeg(),
    ['-v', 'error', '-i', path as string, '-ac', '1', '-f', 's16le', '-'],
    { encoding: 'buffer', maxBuffer: 1 << 28 },
  );
  return stdout.length / 2;
}

const playCount = async (fileId: number) =>
  (
    await s.t.db
      .selectFrom('audio')
      .select('play_count')
      .where('file_id', '=', fileId)
      .executeTakeFirstOrThrow()
  ).play_count;

describe('GET /downloader/gapless/{fileId}', () => {
  it('answers FLAC in fragmented MP4 holding exactly the samples of the original', async () => {
    for (const [collection, format] of [
      [s.fx.ids.free, 'FLAC'],
      [s.fx.ids.single, 'WAV'],
    ] as const) {
      const file = await audioFile(s.t, collection, format);
      const res = await s.admin.get(gaplessUrl(file.fileId, false));
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toBe(GAPLESS_MIME);
      expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(res.rawPayload.includes(Buffer.from('moof'))).toBe(true);
      expect(res.rawPayload.includes(Buffer.from('fLaC'))).toBe(true);
      expect(await frames(res.rawPayload), format).toBe(await frames(file.path));
      expect(res.headers[GAPLESS_TRIM_HEADER]).toBeUndefined();
    }
  });

  it('answers a lossy original as its own frames, no bigger, with where its samples lie', async () => {
    const file = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    const res = await s.admin.get(gaplessUrl(file.fileId, false));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const trim = parseTrim(String(res.headers[GAPLESS_TRIM_HEADER]));
    // ffmpeg takes the LAME delay and padding out when it decodes the file: the same count.
    expect(trim?.valid).toBe(await frames(file.path));
    expect(trim!.skip).toBeGreaterThanOrEqual(529);
    const original = (await stat(file.path)).size;
    expect(res.rawPayload.length).toBeLessThanOrEqual(original);
    expect(res.rawPayload.length).toBeGreaterThan(original * 0.9);
    // A speed limit too low for FLAC is not too low for the file's own frames.
    const slow = await memberWithRole(s.t, { download_limit: null, speed_limit: 50_000 });
    const limited = await slow.get(gaplessUrl(file.fileId, false));
    expect(limited.statusCode).toBe(200);
    expect(limited.headers['content-type']).toBe('audio/mpeg');
    // A preview keeps the FLAC clip.
    const preview = await s.admin.get(gaplessUrl(file.fileId, true));
    expect(preview.headers['content-type']).toBe(GAPLESS_MIME);
  });

  it('counts a full play from the start once, not a refetch after a seek nor a preview', async () => {
    const file = await audioFile(s.t, s.fx.ids.free, 'FLAC');
    const before = await settled(() => playCount(file.fileId));
    await s.admin.get(gaplessUrl(file.fileId, false));
    await expect.poll(() => playCount(file.fileId)).toBe(before + 1);
    await s.admin.get(gaplessUrl(file.fileId, false, true));
    await s.admin.get(gaplessUrl(file.fileId, true));
    await new Promise((r) => setTimeout(r, 300));
    expect(await playCount(file.fileId)).toBe(before + 1);
  });

  it('goes through the stream route access rules', async () => {
    const paid = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    expect((await new TestClient(s.t.app).get(gaplessUrl(paid.fileId, false))).statusCode).toBe(
      401,
    );
    const limited = await memberWithRole(s.t, { download_limit: 5 });
    const refused = await limited.get(gaplessUrl(paid.fileId, false));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This track can only be previewed' });
    // The preview is open to who may browse: 30 s from the middle of the 40 s track.
    const preview = await limited.get(gaplessUrl(paid.fileId, true));
    expect(preview.statusCode).toBe(200);
    expect(await frames(preview.rawPayload)).toBeGreaterThan(29 * 44_100);
    expect(await frames(preview.rawPayload)).toBeLessThanOrEqual(30 * 48_000);
    const hidden = await audioFile(s.t, s.fx.ids.hidden);
    expect((await limited.get(gaplessUrl(hidden.fileId, false))).statusCode).toBe(404);
  });

  it('answers 409 to a role whose speed limit cannot carry FLAC in real time', async () => {
    const file = await audioFile(s.t, s.fx.ids.free, 'FLAC');
    const slow = await memberWithRole(s.t, { download_limit: null, speed_limit: 50_000 });
    const res = await slow.get(gaplessUrl(file.fileId, false));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: GAPLESS_TOO_SLOW });
  });
});
