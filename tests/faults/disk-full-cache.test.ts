import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL } from '../../server/errors';
import { type CatalogueFixture } from '../helpers/catalogue-fixture';
import { type TestClient } from '../helpers/client';
import { filesOf, type FixtureFile } from '../helpers/library-files';
import { errorOf, setUpLibrary } from '../helpers/setup';
import { canMountTmpfs, smallDisks, type SmallDisks } from '../helpers/small-disk';
import { type TestApp } from '../helpers/test-app';

/**
 * A full disk under the transcode cache (issue 31 §3): a transcode that must be written first
 * answers 507 and leaves no partial file in the cache; a live transcode still reaches the
 * listener whole but is not cached; a zip of originals (which only streams, writing nothing)
 * still answers, a transcoded zip is refused before anything is counted or sent; results
 * cached before keep being served. Once there is room again the same requests succeed.
 */
const mountable = await canMountTmpfs();

let disks: SmallDisks;
let t: TestApp;
let fx: CatalogueFixture;
let admin: TestClient;
let track: FixtureFile;
let warmOgg: Buffer;

const file = (format: string, headers: Record<string, string> = {}) =>
  admin.get(`/downloader/file/${track.fileId}?format=${format}`, { headers });
const zip = (format: string) => admin.get(`/downloader/collection/${fx.ids.free}?format=${format}`);
const downloads = async () =>
  (
    await t.db
      .selectFrom('collections')
      .select('download_count')
      .where('collection_id', '=', fx.ids.free)
      .executeTakeFirstOrThrow()
  ).download_count;

describe.skipIf(!mountable)('a full disk under the transcode cache', () => {
  beforeAll(async () => {
    disks = await smallDisks(['cache']);
    ({ t, admin, fx } = await setUpLibrary({ env: { DATA_DIR: disks.dataDir } }));
    [track] = (await filesOf(t, fx.ids.free)).filter((f) => f.format !== null) as [FixtureFile];
    // Cached while there was room: a seek is served from the cache file.
    const warm = await file('OGG', { range: 'bytes=100-' });
    expect(warm.statusCode, warm.body).toBe(206);
    warmOgg = warm.rawPayload;
    expect(await disks.filesIn('cache')).toHaveLength(1);
    await disks.fill();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fx?.cleanup();
    await disks?.cleanup();
  });

  it('answers 507 to a transcode that must be written first, leaving no partial file', async () => {
    const cachedBefore = await disks.filesIn('cache');
    for (const [format, headers] of [
      ['AIFF', {}],
      ['FLAC', {}],
      ['MP3_320', { range: 'bytes=1000-' }],
    ] as const) {
      const answer = await file(format, headers);
      expect(answer.statusCode, format).toBe(507);
      expect(errorOf(answer), format).toBe(DISK_FULL);
    }
    expect(await disks.filesIn('cache')).toEqual(cachedBefore);
  });

  it('still streams a live transcode whole, without caching it', async () => {
    const live = await file('MP3_320');
    expect(live.statusCode).toBe(200);
    const whole = live.rawPayload.length;
    expect(whole).toBeGreaterThan(10_000);
    expect(await disks.filesIn('cache')).toHaveLength(1);
    // Not cached, so a seek into it still needs the disk.
    expect((await file('MP3_320', { range: 'bytes=1000-' })).statusCode).toBe(507);
  });

  it('keeps serving what was cached and the originals', async () => {
    const cached = await file('OGG', { range: 'bytes=100-' });
    expect(cached.statusCode).toBe(206);
    expect(cached.rawPayload.equals(warmOgg)).toBe(true);
    expect((await file('original')).statusCode).toBe(200);
  });

  it('zips originals (nothing written) but refuses a transcoded zip before counting it', async () => {
    const original = await zip('original');
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const counted = await downloads();
    const transcoded = await zip('MP3_320');
    expect(transcoded.statusCode).toBe(507);
    expect(errorOf(transcoded)).toBe(DISK_FULL);
    expect(await downloads()).toBe(counted);
    expect(await disks.filesIn('cache')).toHaveLength(1);
  });

  it('transcodes, caches and zips again once the disk has room', async () => {
    await disks.free();
    expect((await file('AIFF')).statusCode).toBe(200);
    expect((await file('MP3_320', { range: 'bytes=1000-' })).statusCode).toBe(206);
    const transcoded = await zip('MP3_320');
    expect(transcoded.statusCode).toBe(200);
    expect(transcoded.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await disks.filesIn('cache')).length).toBeGreaterThan(3);
    expect((await disks.filesIn('cache')).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });
});
