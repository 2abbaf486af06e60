import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canMountTmpfs, smallDisks, type SmallDisks } from '../helpers/small-disk';
import { setUpSubsonic, type SubsonicSetup } from '../helpers/subsonic';
import { bytesOf, clientOf } from '../subsonic/media-client';

/**
 * Subsonic's getCoverArt?size= on a full disk under the covers (issue 31 §3): the resized cover
 * is still answered, made in memory and sent without being kept (it caches a read), nothing
 * partial is left among the images, and with room again the same bytes are kept once.
 */
const mountable = await canMountTmpfs();

let disks: SmallDisks;
let s: SubsonicSetup;
let hash: string;
let album: string;

const sizedKey = (size: number) => `sized/${size}/${hash.slice(0, 2)}/${hash}.jpg`;
const cover = (size: number) => clientOf(s, s.member).getCoverArt({ id: album, size });

describe.skipIf(!mountable)('getCoverArt with a size on a full disk', () => {
  beforeAll(async () => {
    disks = await smallDisks(['images']);
    s = await setUpSubsonic({ env: { DATA_DIR: disks.dataDir } });
    album = `al-${s.fx.ids.free}`;
    const row = await s.t.db
      .selectFrom('collections')
      .select('image_hash')
      .where('collection_id', '=', s.fx.ids.free)
      .executeTakeFirstOrThrow();
    hash = row.image_hash!;
  }, 120_000);
  afterEach(() => disks.free());
  afterAll(async () => {
    await s?.t.close();
    await s?.fx.cleanup();
    await disks?.cleanup();
  });

  it('sends a resized cover it cannot keep, leaving no file behind, and keeps it with room', async () => {
    const before = await disks.filesIn('images');
    expect(before).not.toContain(sizedKey(64));
    await disks.fill(0);
    const answer = await cover(64);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const bytes = await bytesOf(answer);
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 64]);
    // Neither the resized cover nor a temporary part of it.
    expect(await disks.filesIn('images')).toEqual(before);

    await disks.free();
    const kept = await cover(64);
    expect(kept.status).toBe(200);
    expect((await bytesOf(kept)).equals(bytes)).toBe(true);
    expect(await disks.filesIn('images')).toEqual([...before, sizedKey(64)].sort());
  });

  it('keeps serving a resized cover kept before the disk filled', async () => {
    const first = await bytesOf(await cover(80));
    const before = await disks.filesIn('images');
    expect(before).toContain(sizedKey(80));
    await disks.fill(0);
    const again = await cover(80);
    expect(again.status).toBe(200);
    expect((await bytesOf(again)).equals(first)).toBe(true);
    expect(await disks.filesIn('images')).toEqual(before);
  });
});
