import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueFixture } from '../helpers/catalogue-fixture';
import { type TestClient } from '../helpers/client';
import { setUpLibrary } from '../helpers/setup';
import { canMountTmpfs, smallDisks, type SmallDisks } from '../helpers/small-disk';
import { type TestApp } from '../helpers/test-app';
import { share, visitor } from '../shares/share-helpers';

/**
 * A full disk under the covers (issue 31 §3): a thumbnail asked for while it cannot be kept is
 * still answered, made in memory and sent without being kept (a thumbnail caches a read; 507
 * "nothing was saved" would only break a cover on screen). Nothing, not even a partial file,
 * is left behind, and with room again the next request keeps it as before.
 */
const mountable = await canMountTmpfs();

let disks: SmallDisks;
let t: TestApp;
let fx: CatalogueFixture;
let admin: TestClient;
let hash: string;

const thumb = () => admin.get(`/image/${hash}?thumb=true`);

describe.skipIf(!mountable)('a full disk under the image cache', () => {
  beforeAll(async () => {
    disks = await smallDisks(['images']);
    ({ t, admin, fx } = await setUpLibrary({ env: { DATA_DIR: disks.dataDir } }));
    const cover = await t.db
      .selectFrom('collections')
      .select('image_hash')
      .where('collection_id', '=', fx.ids.free)
      .executeTakeFirstOrThrow();
    hash = cover.image_hash!;
  }, 120_000);
  afterEach(() => disks.free());
  afterAll(async () => {
    await t?.close();
    await fx?.cleanup();
    await disks?.cleanup();
  });

  it('sends a thumbnail it cannot keep from memory, leaving no file behind', async () => {
    const before = await disks.filesIn('images');
    expect(before.some((name) => name.startsWith('thumbs/'))).toBe(false);
    await disks.fill(0);
    const answer = await thumb();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    const meta = await sharp(answer.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(120);
    // Neither the thumbnail nor a temporary part of it.
    expect(await disks.filesIn('images')).toEqual(before);

    // The original cover is still served while the disk is full.
    expect((await admin.get(`/image/${hash}`)).statusCode).toBe(200);

    // With room again the thumbnail is made once more and kept, the same bytes.
    await disks.free();
    const kept = await thumb();
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(answer.rawPayload)).toBe(true);
    expect(await disks.filesIn('images')).toEqual(
      [...before, `thumbs/${hash.slice(0, 2)}/${hash}.webp`].sort(),
    );
  });

  it('keeps serving a thumbnail kept before the disk filled', async () => {
    expect((await thumb()).statusCode).toBe(200);
    const before = await disks.filesIn('images');
    await disks.fill(0);
    const answer = await thumb();
    expect(answer.statusCode).toBe(200);
    expect(await disks.filesIn('images')).toEqual(before);
  });

  it("sends a share link's larger cover it cannot keep from memory, as the app's own", async () => {
    const { token } = await share(admin, { collectionId: fx.ids.free });
    const before = await disks.filesIn('images');
    await disks.fill(0);
    const answer = await visitor(t).get(`/api/share/${token}/cover?size=720`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect((await sharp(answer.rawPayload).metadata()).format).toBe('webp');
    expect(await disks.filesIn('images')).toEqual(before);
  });

  it('answers 404 when the cover file itself is gone, as before', async () => {
    await rm(join(disks.dataDir, 'images', 'thumbs'), { recursive: true, force: true });
    await rm(join(disks.dataDir, 'images', hash.slice(0, 2), hash));
    expect((await thumb()).statusCode).toBe(404);
    expect((await admin.get(`/image/${hash}`)).statusCode).toBe(404);
  });
});
