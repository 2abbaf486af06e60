import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG_UNAVAILABLE } from '../../server/media/ffmpeg-binary';
import { type CatalogueFixture } from '../helpers/catalogue-fixture';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { audioFile, type FixtureFile } from '../helpers/library-files';
import { memberWithRole, setUpLibrary } from '../helpers/setup';

// The fixture audio is made with a working ffmpeg (tests/helpers/ffmpeg.ts); only the server
// under test is configured with one that does not exist.
let t: TestApp;
let fx: CatalogueFixture;
let admin: TestClient;
let flac: FixtureFile;
beforeAll(async () => {
  ({ t, admin, fx } = await setUpLibrary({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } }));
  flac = await audioFile(t, fx.ids.free, 'FLAC');
});
afterAll(async () => {
  await t.close();
  await fx.cleanup();
});

describe('a server whose FFMPEG_PATH points at nothing', () => {
  it('still serves the library: collection pages, streams and original downloads', async () => {
    const page = await admin.get(`/api/audio_collection/${fx.ids.free}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Mareas');

    const stream = await admin.get(`/downloader/file/${flac.fileId}?playback=true`);
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.equals(await readFile(flac.path))).toBe(true);

    const original = await admin.get(`/downloader/file/${flac.fileId}?format=original`);
    expect(original.statusCode).toBe(200);
    const zip = await admin.get(`/downloader/collection/${fx.ids.free}?format=original`);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it.each(['MP3_320', 'AAC', 'FLAC', 'WMA'])(
    'answers 503 with a clear message to a %s transcode',
    async (format) => {
      const res = await admin.get(`/downloader/file/${flac.fileId}?format=${format}`);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: FFMPEG_UNAVAILABLE });
    },
  );

  it('answers 503 to a HEAD of a transcode, a preview, a converted zip and missing peaks', async () => {
    const head = await admin.request('HEAD', `/downloader/file/${flac.fileId}?format=MP3_320`);
    expect(head.statusCode).toBe(503);
    for (const url of [
      `/downloader/preview/${flac.fileId}`,
      `/downloader/collection/${fx.ids.free}?format=MP3_320`,
      // The fixture was imported without ffmpeg, so no peaks were stored.
      `/downloader/waveform/${flac.fileId}`,
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({ error: FFMPEG_UNAVAILABLE });
    }
  });

  it('does not count a refused transcode against the download allowance', async () => {
    const user = await memberWithRole(t, { transcode: 1, download_limit: 5 });
    const res = await user.get(`/downloader/file/${flac.fileId}?format=MP3_320`);
    expect(res.statusCode).toBe(503);
    const row = await t.db
      .selectFrom('users')
      .select('remaining_downloads')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.remaining_downloads).toBe(5);
  });

  it('answers 503 to a tag write and leaves the file as it was', async () => {
    const before = await readFile(flac.path);
    const res = await admin.post(`/downloader/tags/${flac.fileId}`, {
      textTags: { title: ['Renamed'] },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: FFMPEG_UNAVAILABLE });
    expect((await readFile(flac.path)).equals(before)).toBe(true);
  });
});
