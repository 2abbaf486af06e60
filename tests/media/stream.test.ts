import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { settled } from '../helpers/settled';
import {
  audioFile,
  type FixtureFile,
  parseAudio,
  storedBytes,
  storedStat,
} from '../helpers/library-files';
import { memberWithRole, perFile, setUpLibrary } from '../helpers/setup';

const s = perFile(() => setUpLibrary());
let flac: FixtureFile;
let bytes: Buffer;
beforeAll(async () => {
  flac = await audioFile(s.t, s.fx.ids.free, 'FLAC');
  bytes = await storedBytes(s.t, flac.path);
});

const playUrl = (fileId: number) => `/downloader/file/${fileId}?playback=true`;
const playCount = async (fileId: number) =>
  (
    await s.t.db
      .selectFrom('audio')
      .select('play_count')
      .where('file_id', '=', fileId)
      .executeTakeFirstOrThrow()
  ).play_count;

describe('GET /downloader/file/{fileId}?playback=true', () => {
  it('sends the whole file with validators and Accept-Ranges', async () => {
    const res = await s.admin.get(playUrl(flac.fileId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/flac');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(res.headers['last-modified']).toBe(
      (await storedStat(s.t, flac.path)).mtime.toUTCString(),
    );
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers bytes=0-99 with 206 and the first 100 bytes', async () => {
    const res = await s.admin.get(playUrl(flac.fileId), { headers: { range: 'bytes=0-99' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(res.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
  });

  it('answers an open-ended and a suffix range', async () => {
    const open = await s.admin.get(playUrl(flac.fileId), { headers: { range: 'bytes=100-' } });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 100-${bytes.length - 1}/${bytes.length}`);
    expect(open.rawPayload.equals(bytes.subarray(100))).toBe(true);
    const suffix = await s.admin.get(playUrl(flac.fileId), { headers: { range: 'bytes=-100' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(
      `bytes ${bytes.length - 100}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await s.admin.get(playUrl(flac.fileId), { headers: { range: 'bytes=999999999-' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('answers 304 to a matching If-None-Match, and HEAD with headers only', async () => {
    const first = await s.admin.get(playUrl(flac.fileId));
    const again = await s.admin.get(playUrl(flac.fileId), {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await s.admin.request('HEAD', playUrl(flac.fileId));
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(bytes.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('counts a play only for requests from byte 0', async () => {
    const collectionPlays = async () =>
      (
        await s.t.db
          .selectFrom('collections')
          .select('play_count')
          .where('collection_id', '=', s.fx.ids.free)
          .executeTakeFirstOrThrow()
      ).play_count;
    const [before, collectionBefore] = await settled(async () => [
      await playCount(flac.fileId),
      await collectionPlays(),
    ]);
    await s.admin.get(playUrl(flac.fileId));
    await s.admin.get(playUrl(flac.fileId), { headers: { range: 'bytes=0-' } });
    await s.admin.get(playUrl(flac.fileId), { headers: { range: 'bytes=500-' } });
    // The play is counted once the stream is on its way, so it may land just after the answer.
    await expect.poll(() => playCount(flac.fileId)).toBe(before + 2);
    await expect.poll(collectionPlays).toBe(collectionBefore + 2);
    // Settled: the range from byte 500 did not count a third play a moment later.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await playCount(flac.fileId)).toBe(before + 2);
  });

  it('transcodes ALAC to MP3 for the browser, then serves the cached result with ranges', async () => {
    const alac = await audioFile(s.t, s.fx.ids.paid, 'ALAC');
    const res = await s.admin.get(playUrl(alac.fileId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const meta = await parseAudio(res.rawPayload, 'audio/mpeg');
    expect(meta.format.codec).toMatch(/MPEG 1 Layer 3/);
    await new Promise((r) => setTimeout(r, 200));
    const ranged = await s.admin.get(playUrl(alac.fileId), { headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(res.rawPayload.subarray(0, 100))).toBe(true);
  });

  it('refuses full playback of a paid collection to a limited role, allows it once unlocked', async () => {
    const mp3 = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    const user = await memberWithRole(s.t, { download_limit: 5 });
    const refused = await user.get(playUrl(mp3.fileId));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This track can only be previewed' });
    await s.t.db
      .insertInto('unlocked_collections')
      .values({
        user_id: user.userId,
        collection_id: s.fx.ids.paid,
        transcode: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await user.get(playUrl(mp3.fileId))).statusCode).toBe(200);
  });

  it('allows full playback of a paid collection to roleDownloadPaid and to an unlimited role', async () => {
    const mp3 = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    const paid = await memberWithRole(s.t, { download_limit: 5, download_paid: 1 });
    expect((await paid.get(playUrl(mp3.fileId))).statusCode).toBe(200);
    const unlimited = await memberWithRole(s.t, { download_limit: null });
    expect((await unlimited.get(playUrl(mp3.fileId))).statusCode).toBe(200);
  });

  it('plays in streaming-only mode', async () => {
    await s.t.db
      .updateTable('settings')
      .set({ value: 'true' })
      .where('key', '=', 'streamingOnly')
      .execute();
    const user = await memberWithRole(s.t);
    expect((await user.get(playUrl(flac.fileId))).statusCode).toBe(200);
    await s.t.db
      .updateTable('settings')
      .set({ value: 'false' })
      .where('key', '=', 'streamingOnly')
      .execute();
  });
});

describe('GET /downloader/preview/{fileId}', () => {
  it('answers a 30 s MP3 clip of a 40 s track, even to a role that cannot play it in full', async () => {
    const mp3 = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    const user = await memberWithRole(s.t, { download_limit: 5 });
    const res = await user.get(`/downloader/preview/${mp3.fileId}?playback=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const meta = await parseAudio(res.rawPayload, 'audio/mpeg');
    expect(meta.format.duration).toBeGreaterThan(29);
    expect(meta.format.duration).toBeLessThan(31);
  });

  it('answers the whole track when it is shorter than 30 s, with ranges once cached', async () => {
    const alac = await audioFile(s.t, s.fx.ids.paid, 'ALAC');
    const res = await s.admin.get(`/downloader/preview/${alac.fileId}`);
    const meta = await parseAudio(res.rawPayload, 'audio/mpeg');
    expect(meta.format.duration).toBeGreaterThan(4);
    expect(meta.format.duration).toBeLessThan(6);
    await new Promise((r) => setTimeout(r, 200));
    const ranged = await s.admin.get(`/downloader/preview/${alac.fileId}`, {
      headers: { range: 'bytes=10-19' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(res.rawPayload.subarray(10, 20))).toBe(true);
  });
});

describe('GET /downloader/waveform/{fileId}', () => {
  it('answers the stored peaks, computing them when missing', async () => {
    const stored = await s.admin.get(`/downloader/waveform/${flac.fileId}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.json<{ waveformData: number[] }>().waveformData.length).toBeGreaterThan(10);
    await s.t.db
      .updateTable('audio')
      .set({ waveform: null })
      .where('file_id', '=', flac.fileId)
      .execute();
    const computed = await s.admin.get(`/downloader/waveform/${flac.fileId}`);
    const peaks = computed.json<{ waveformData: number[] }>().waveformData;
    expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
    const row = await s.t.db
      .selectFrom('audio')
      .select('waveform')
      .where('file_id', '=', flac.fileId)
      .executeTakeFirstOrThrow();
    expect(row.waveform).not.toBeNull();
  });
});

describe('player calls: access and bad input', () => {
  const urls = (id: number | string) => [
    `/downloader/file/${id}?playback=true`,
    `/downloader/preview/${id}`,
    `/downloader/waveform/${id}`,
  ];

  it('answers 401 to anonymous callers', async () => {
    const anonymous = new TestClient(s.t.app);
    for (const url of urls(flac.fileId)) expect((await anonymous.get(url)).statusCode).toBe(401);
  });

  it('answers 400 for a non-numeric id and 404 for an unknown one', async () => {
    for (const url of urls('abc')) expect((await s.admin.get(url)).statusCode).toBe(400);
    for (const url of urls(999999)) {
      const res = await s.admin.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('error');
    }
    expect((await s.admin.get(`/downloader/file/${flac.fileId}?playback=maybe`)).statusCode).toBe(
      400,
    );
  });

  it('hides a hidden collection from users (404) but not from admins', async () => {
    const hidden = await audioFile(s.t, s.fx.ids.hidden);
    const user = await memberWithRole(s.t);
    for (const url of urls(hidden.fileId)) expect((await user.get(url)).statusCode).toBe(404);
    expect((await s.admin.get(playUrl(hidden.fileId))).statusCode).toBe(200);
  });

  it('refuses a role without roleEnableBrowse (403)', async () => {
    const user = await memberWithRole(s.t, { enable_browse: 0 });
    for (const url of urls(flac.fileId)) expect((await user.get(url)).statusCode).toBe(403);
  });
});
