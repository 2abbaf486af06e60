import { beforeAll, describe, expect, it } from 'vitest';
import {
  audioFile,
  filesOf,
  parseAudio,
  storedBytes,
  transcodeCacheFiles,
  type FixtureFile,
} from '../helpers/library-files';
import { perFile } from '../helpers/setup';
import { setUpSubsonic, type SubsonicUser } from '../helpers/subsonic';
import {
  bytesOf,
  clientOf as clientFor,
  errorCode,
  restMember as restMemberOf,
} from './media-client';

const s = perFile(() => setUpSubsonic());
const clientOf = (user: SubsonicUser, headers?: Record<string, string>) =>
  clientFor(s, user, headers);
const restMember = (role: Parameters<typeof restMemberOf>[1], remaining?: number) =>
  restMemberOf(s, role, remaining);

/** Finished results in the transcoder's content-addressed cache (not the temporary ones). */
async function cachedResults(): Promise<string[]> {
  return (await transcodeCacheFiles(s.t)).filter((name) => !name.includes('.tmp-'));
}

/** Waits for a live transcode's tee to land in the cache (renamed once ffmpeg exits). */
async function settle(count: () => Promise<number>, want: number): Promise<number> {
  for (let i = 0; i < 50 && (await count()) < want; i += 1)
    await new Promise((r) => setTimeout(r, 100));
  return count();
}

const remaining = async (userId: number) =>
  (
    await s.t.db
      .selectFrom('users')
      .select('remaining_downloads')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).remaining_downloads;

let admin: SubsonicUser;
let ola: FixtureFile;
let espuma: FixtureFile;
let olaBytes: Buffer;
beforeAll(async () => {
  admin = s.adminApi;
  [ola, espuma] = (await filesOf(s.t, s.fx.ids.free)).filter((f) => f.format === 'FLAC') as [
    FixtureFile,
    FixtureFile,
  ];
  olaBytes = await storedBytes(s.t, ola.path);
});

describe('stream', () => {
  it('sends the original bytes with the web app validators', async () => {
    const res = await clientOf(admin).stream({ id: String(ola.fileId) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/flac');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^W\/"/);
    expect(Number(res.headers.get('content-length'))).toBe(olaBytes.length);
    expect((await bytesOf(res)).equals(olaBytes)).toBe(true);
  });

  it('answers token auth and form POST alike', async () => {
    const token = await s.member.tokenApi.stream({ id: String(ola.fileId) });
    expect((await bytesOf(token)).equals(olaBytes)).toBe(true);
    const posted = await s.member.postApi.stream({ id: String(ola.fileId) });
    expect((await bytesOf(posted)).equals(olaBytes)).toBe(true);
  });

  it('answers a Range with 206 and exactly those bytes', async () => {
    const res = await clientOf(admin, { range: 'bytes=100-1099' }).stream({
      id: String(ola.fileId),
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${olaBytes.length}`);
    expect((await bytesOf(res)).equals(olaBytes.subarray(100, 1100))).toBe(true);
    const raw = await clientOf(admin, { range: 'bytes=-64' }).stream({
      id: String(ola.fileId),
      format: 'raw',
      maxBitRate: 64,
    });
    expect(raw.status).toBe(206);
    expect((await bytesOf(raw)).equals(olaBytes.subarray(olaBytes.length - 64))).toBe(true);
  });

  it('transcodes format=mp3&maxBitRate=128 to a real 128 kbps MP3, once, then from the cache', async () => {
    const before = (await cachedResults()).length;
    const ask = { id: String(espuma.fileId), format: 'mp3' as const, maxBitRate: 128 };
    const first = await clientOf(admin).stream(ask);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    const body = await bytesOf(first);
    const meta = await parseAudio(body, 'audio/mpeg');
    expect(meta.format.codec).toMatch(/MPEG 1 Layer 3/);
    expect(meta.format.bitrate).toBe(128_000);
    expect(meta.format.duration).toBeCloseTo(6, 0);
    expect(await settle(async () => (await cachedResults()).length, before + 1)).toBe(before + 1);

    // From the cache: a plain file, with a length and ranges, the same bytes, no new entry.
    const again = await clientOf(admin).stream(ask);
    expect(Number(again.headers.get('content-length'))).toBe(body.length);
    expect((await bytesOf(again)).equals(body)).toBe(true);
    const ranged = await clientOf(admin, { range: 'bytes=0-99' }).stream(ask);
    expect(ranged.status).toBe(206);
    expect((await bytesOf(ranged)).equals(body.subarray(0, 100))).toBe(true);
    expect((await cachedResults()).length).toBe(before + 1);
  });

  it('starts a transcode at timeOffset', async () => {
    const whole = await clientOf(admin).stream({ id: String(ola.fileId), format: 'ogg' });
    const shifted = await clientOf(admin).stream({
      id: String(ola.fileId),
      format: 'ogg',
      timeOffset: 5,
    });
    expect(shifted.headers.get('content-type')).toBe('audio/ogg');
    const full = await parseAudio(await bytesOf(whole), 'audio/ogg');
    const rest = await parseAudio(await bytesOf(shifted), 'audio/ogg');
    expect(full.format.duration).toBeCloseTo(8, 0);
    expect(rest.format.duration).toBeCloseTo(3, 0);
  });

  it('streams the web app preview clip of a paid track the caller has not unlocked', async () => {
    const piston = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    const res = await clientOf(s.member).stream({ id: String(piston.fileId), format: 'raw' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const preview = await parseAudio(await bytesOf(res), 'audio/mpeg');
    expect(preview.format.duration).toBeGreaterThan(29);
    expect(preview.format.duration).toBeLessThan(31);
    // The same clip the web app's player gets.
    const web = await s.admin.get(`/downloader/preview/${piston.fileId}`);
    const webClip = await parseAudio(web.rawPayload, 'audio/mpeg');
    expect(webClip.format.duration).toBeCloseTo(preview.format.duration ?? 0, 1);
    // Whoever may play it in full gets the whole 40 s track.
    const full = await clientOf(admin).stream({ id: String(piston.fileId) });
    expect((await bytesOf(full)).equals(await storedBytes(s.t, piston.path))).toBe(true);
  });

  it("applies the role's speed limit", async () => {
    const slow = await restMember({ speed_limit: 40_000 });
    const started = Date.now();
    const res = await clientOf(slow, { range: 'bytes=0-79999' }).stream({
      id: String(ola.fileId),
    });
    expect((await bytesOf(res)).length).toBe(80_000);
    expect(Date.now() - started).toBeGreaterThan(1500);
  });
});

describe('download', () => {
  it('sends the original and takes one of the remaining downloads, like the web app', async () => {
    const user = await restMember({ download_limit: 5 }, 1);
    const res = await clientOf(user).download({ id: String(ola.fileId) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await bytesOf(res)).equals(olaBytes)).toBe(true);
    expect(await remaining(user.userId)).toBe(0);
    // A file downloaded before comes again for free; a new one is refused at zero.
    expect((await clientOf(user).download({ id: String(ola.fileId) })).status).toBe(200);
    expect(await errorCode(await clientOf(user).download({ id: String(espuma.fileId) }))).toBe(50);
    expect(await remaining(user.userId)).toBe(0);
    // The web app reads the same counter and history.
    expect((await user.web.get(`/downloader/file/${espuma.fileId}`)).statusCode).toBe(403);
    expect((await user.web.get(`/downloader/file/${ola.fileId}`)).statusCode).toBe(200);
  });

  it('answers 50 for a paid track not unlocked and when the service is streaming-only', async () => {
    const piston = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    expect(await errorCode(await clientOf(s.member).download({ id: String(piston.fileId) }))).toBe(
      50,
    );
    await s.t.db
      .updateTable('settings')
      .set({ value: 'true' })
      .where('key', '=', 'streamingOnly')
      .execute();
    try {
      const user = await restMember({ download_limit: 5 });
      expect(await errorCode(await clientOf(user).download({ id: String(ola.fileId) }))).toBe(50);
    } finally {
      await s.t.db
        .updateTable('settings')
        .set({ value: 'false' })
        .where('key', '=', 'streamingOnly')
        .execute();
    }
  });

  it("answers an album id with the web app's zip", async () => {
    const res = await clientOf(admin).download({ id: `al-${s.fx.ids.free}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect((await bytesOf(res)).subarray(0, 2).toString()).toBe('PK');
  });
});
