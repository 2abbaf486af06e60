import { describe, expect, it } from 'vitest';
import { NO_DOWNLOADS_LEFT } from '../../server/access/rights';
import { audioFile, filesOf } from '../helpers/library-files';
import { memberWithRole, perFile, setUpLibrary } from '../helpers/setup';

const s = perFile(() => setUpLibrary());

const remaining = async (userId: number) =>
  (
    await s.t.db
      .selectFrom('users')
      .select('remaining_downloads')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).remaining_downloads;
const setStreamingOnly = (on: boolean) =>
  s.t.db
    .updateTable('settings')
    .set({ value: JSON.stringify(on) })
    .where('key', '=', 'streamingOnly')
    .execute();

describe('remaining downloads', () => {
  it('takes one per new file, lets re-downloads through, refuses a new file at zero with the spec message', async () => {
    const [a, b] = (await filesOf(s.t, s.fx.ids.free)).filter((f) => f.format !== null);
    const user = await memberWithRole(s.t, { download_limit: 5 }, { remainingDownloads: 1 });
    expect((await user.get(`/downloader/file/${a?.fileId}`)).statusCode).toBe(200);
    expect(await remaining(user.userId)).toBe(0);
    expect((await user.get(`/downloader/file/${a?.fileId}`)).statusCode).toBe(200);
    const refused = await user.get(`/downloader/file/${b?.fileId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NO_DOWNLOADS_LEFT });
    expect(NO_DOWNLOADS_LEFT).toBe(
      "You have no remaining downloads left! You can only download tracks which you've downloaded before.",
    );
    expect(await remaining(user.userId)).toBe(0);
  });

  it('refuses a zip needing more downloads than are left, counting nothing', async () => {
    const user = await memberWithRole(s.t, { download_limit: 5 }, { remainingDownloads: 1 });
    const before = (
      await s.t.db
        .selectFrom('collections')
        .select('download_count')
        .where('collection_id', '=', s.fx.ids.free)
        .executeTakeFirstOrThrow()
    ).download_count;
    const refused = await user.get(`/downloader/collection/${s.fx.ids.free}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NO_DOWNLOADS_LEFT });
    expect(await remaining(user.userId)).toBe(1);
    expect(
      await s.t.db
        .selectFrom('file_downloads')
        .selectAll()
        .where('user_id', '=', user.userId)
        .execute(),
    ).toEqual([]);
    const after = (
      await s.t.db
        .selectFrom('collections')
        .select('download_count')
        .where('collection_id', '=', s.fx.ids.free)
        .executeTakeFirstOrThrow()
    ).download_count;
    expect(after).toBe(before);
  });

  it('treats an empty roleDownloadLimit as unlimited', async () => {
    const user = await memberWithRole(s.t, { download_limit: null }, { remainingDownloads: 0 });
    for (const file of (await filesOf(s.t, s.fx.ids.free)).filter((f) => f.format !== null)) {
      expect((await user.get(`/downloader/file/${file.fileId}`)).statusCode).toBe(200);
    }
  });
});

describe('streaming-only mode', () => {
  it('refuses downloads unless the role is VIP', async () => {
    const file = await audioFile(s.t, s.fx.ids.free);
    await setStreamingOnly(true);
    try {
      const user = await memberWithRole(s.t);
      const refused = await user.get(`/downloader/file/${file.fileId}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'Downloads are disabled: this service is streaming-only',
      });
      expect((await user.get(`/downloader/collection/${s.fx.ids.free}`)).statusCode).toBe(403);
      const vip = await memberWithRole(s.t, { vip: 1 });
      expect((await vip.get(`/downloader/file/${file.fileId}`)).statusCode).toBe(200);
    } finally {
      await setStreamingOnly(false);
    }
  });
});

describe('paid collections and transcoding', () => {
  it('refuses a paid download to a limited role, allows it when unlocked or with roleDownloadPaid', async () => {
    const mp3 = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    const user = await memberWithRole(s.t);
    const refused = await user.get(`/downloader/file/${mp3.fileId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Buy this collection to download it' });
    await s.t.db
      .insertInto('unlocked_collections')
      .values({
        user_id: user.userId,
        collection_id: s.fx.ids.paid,
        transcode: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await user.get(`/downloader/file/${mp3.fileId}`)).statusCode).toBe(200);
    // Unlocked without the transcode option: other formats stay refused.
    expect((await user.get(`/downloader/file/${mp3.fileId}?format=FLAC`)).statusCode).toBe(403);
    const paidRole = await memberWithRole(s.t, { download_paid: 1 });
    expect((await paidRole.get(`/downloader/file/${mp3.fileId}`)).statusCode).toBe(200);
    expect((await paidRole.get(`/downloader/file/${mp3.fileId}?format=MP3_320`)).statusCode).toBe(
      403,
    );
  });

  it('allows transcodes with roleTranscode or a transcode unlock', async () => {
    const file = await audioFile(s.t, s.fx.ids.free);
    const plain = await memberWithRole(s.t);
    expect((await plain.get(`/downloader/file/${file.fileId}?format=MP3_320`)).statusCode).toBe(
      403,
    );
    const transcoder = await memberWithRole(s.t, { transcode: 1 });
    expect(
      (await transcoder.get(`/downloader/file/${file.fileId}?format=MP3_320`)).statusCode,
    ).toBe(200);
    const mp3 = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    await s.t.db
      .insertInto('unlocked_collections')
      .values({
        user_id: plain.userId,
        collection_id: s.fx.ids.paid,
        transcode: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await plain.get(`/downloader/file/${mp3.fileId}?format=OGG`)).statusCode).toBe(200);
  });
});

describe('roleSpeedLimit', () => {
  it('throttles downloads and streams to the role speed', async () => {
    const wav = await audioFile(s.t, s.fx.ids.single);
    const user = await memberWithRole(s.t, { speed_limit: 50_000 });
    const timed = async (url: string) => {
      const started = Date.now();
      const res = await user.get(url, { headers: { range: 'bytes=0-99999' } });
      expect(res.rawPayload.length).toBe(100_000);
      return Date.now() - started;
    };
    const [download, stream, whole] = await Promise.all([
      timed(`/downloader/file/${wav.fileId}`),
      timed(`/downloader/file/${wav.fileId}?playback=true`),
      // The offline copy is not paced as playback is, but the role's limit still holds.
      timed(`/downloader/file/${wav.fileId}?playback=true&whole=true`),
    ]);
    // 100 kB at 50 kB/s is 2 s; loosely bounded below only.
    expect(download).toBeGreaterThanOrEqual(1500);
    expect(stream).toBeGreaterThanOrEqual(1500);
    expect(whole).toBeGreaterThanOrEqual(1500);
  });
});
