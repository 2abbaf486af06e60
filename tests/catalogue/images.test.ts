import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { perFile, setUpLibrary, withMember } from '../helpers/setup';

const c = perFile(async () => withMember(await setUpLibrary()));
let hash: string;

beforeAll(async () => {
  // A cover larger than a thumbnail, stored the way the import stores one.
  const bytes = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#224488' },
  })
    .png()
    .toBuffer();
  const stored = await c.fx.images.put(bytes);
  await c.fx.repo.saveImage(stored);
  hash = stored.hash;
});

describe('GET /image/{hash}', () => {
  it('answers the stored image with its type and immutable caching headers', async () => {
    const response = await c.user.get(`/image/${hash}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(response.headers.etag).toBe(`"${hash}"`);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 900, 600]);
  });

  it('answers the cover of an imported collection', async () => {
    const { collection } = (await c.user.get(`/api/audio_collection/${c.fx.ids.free}`)).json<{
      collection: { collectionImageHash: string };
    }>();
    const response = await c.user.get(`/image/${collection.collectionImageHash}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('answers a WebP thumbnail at most 300 pixels wide with thumb=true', async () => {
    const response = await c.user.get(`/image/${hash}?thumb=true`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers.etag).toBe(`"${hash}-thumb"`);
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(300);
    expect(meta.width).toBe(300);
    // The second request is served from the kept thumbnail.
    expect(
      (await c.user.get(`/image/${hash}?thumb=true`)).rawPayload.equals(response.rawPayload),
    ).toBe(true);
  });

  it('answers a larger WebP copy with size=720, kept, and never enlarges with size=1200', async () => {
    const response = await c.user.get(`/image/${hash}?size=720`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers.etag).toBe(`"${hash}-720"`);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 720, 480]);
    expect(
      (await c.user.get(`/image/${hash}?size=720`)).rawPayload.equals(response.rawPayload),
    ).toBe(true);
    // Asked beside thumb, size decides.
    const both = await c.user.get(`/image/${hash}?thumb=true&size=720`);
    expect(both.headers.etag).toBe(`"${hash}-720"`);
    const large = await c.user.get(`/image/${hash}?size=1200`);
    expect(large.headers.etag).toBe(`"${hash}-1200"`);
    const largeMeta = await sharp(large.rawPayload).metadata();
    expect([largeMeta.format, largeMeta.width, largeMeta.height]).toEqual(['webp', 900, 600]);
    const cached = await c.user.get(`/image/${hash}?size=720`, {
      headers: { 'if-none-match': `"${hash}-720"` },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('answers 400 for a width outside the list, and makes nothing', async () => {
    for (const size of ['500', '0', '-720', '720.5', '7200', 'x', '']) {
      const response = await c.user.get(`/image/${hash}?size=${encodeURIComponent(size)}`);
      expect(response.statusCode, size).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
  });

  it('answers 304 when the client already has it', async () => {
    const full = await c.user.get(`/image/${hash}`, { headers: { 'if-none-match': `"${hash}"` } });
    expect(full.statusCode).toBe(304);
    expect(full.rawPayload.length).toBe(0);
    const thumb = await c.user.get(`/image/${hash}?thumb=true`, {
      headers: { 'if-none-match': `W/"${hash}-thumb"` },
    });
    expect(thumb.statusCode).toBe(304);
    const other = await c.user.get(`/image/${hash}?thumb=true`, {
      headers: { 'if-none-match': `"${hash}"` },
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 400 for a malformed hash and 404 for an unknown one', async () => {
    for (const bad of [
      'abc',
      `${hash.slice(0, 63)}g`,
      hash.toUpperCase(),
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      const response = await c.user.get(`/image/${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    expect((await c.user.get(`/image/${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await c.user.get(`/image/${hash}?thumb=maybe`)).statusCode).toBe(400);
  });

  it('needs a session, not the browse permission', async () => {
    expect((await new TestClient(c.t.app).get(`/image/${hash}`)).statusCode).toBe(401);
  });
});
