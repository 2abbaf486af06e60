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
