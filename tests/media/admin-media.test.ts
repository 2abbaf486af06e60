import { stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { filesOf } from '../helpers/library-files';
import { type LibrarySetup, memberWithRole, setUpLibrary } from '../helpers/setup';
import { writeTone } from '../helpers/audio';

let s: LibrarySetup;
beforeEach(async () => {
  s = await setUpLibrary();
});
afterEach(async () => {
  await s.close();
});

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const collectionRow = (id: number) =>
  s.t.db.selectFrom('collections').selectAll().where('collection_id', '=', id).executeTakeFirst();

function multipart(name: string, filename: string, data: Buffer, type: string) {
  const boundary = `----musicbox${Math.random().toString(36).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('DELETE /downloader/file/{fileId}', () => {
  it('deletes the rows and the file on disk, and refreshes the collection', async () => {
    const [first, second] = (await filesOf(s.t, s.fx.ids.free)).filter((f) => f.format !== null);
    const durationBefore = (await collectionRow(s.fx.ids.free))?.duration ?? 0;
    const res = await s.admin.delete(`/downloader/file/${first?.fileId}`);
    expect(res.statusCode).toBe(200);
    expect(await exists(first?.path ?? '')).toBe(false);
    expect(await exists(second?.path ?? '')).toBe(true);
    expect(
      await s.t.db
        .selectFrom('audio')
        .selectAll()
        .where('file_id', '=', first?.fileId ?? 0)
        .execute(),
    ).toEqual([]);
    expect((await collectionRow(s.fx.ids.free))?.duration).toBeLessThan(durationBefore);
    expect((await s.admin.delete(`/downloader/file/${first?.fileId}`)).statusCode).toBe(404);
  });
});

describe('DELETE /downloader/collection/{id} and /bulk', () => {
  it('deletes a collection with its rows and recorded files', async () => {
    const files = await filesOf(s.t, s.fx.ids.free);
    const res = await s.admin.delete(`/downloader/collection/${s.fx.ids.free}`);
    expect(res.json()).toEqual({ ok: true });
    expect(await collectionRow(s.fx.ids.free)).toBeUndefined();
    for (const file of files) expect(await exists(file.path)).toBe(false);
    expect(await filesOf(s.t, s.fx.ids.free)).toEqual([]);
    expect(
      (await s.admin.get(`/downloader/file/${files[0]?.fileId}?playback=true`)).statusCode,
    ).toBe(404);
  });

  it('deletes several collections at once, skipping unknown ids', async () => {
    const paths = [
      ...(await filesOf(s.t, s.fx.ids.paid)),
      ...(await filesOf(s.t, s.fx.ids.single)),
    ].map((f) => f.path);
    const res = await s.admin.request('DELETE', '/downloader/collection/bulk', {
      body: { ids: [s.fx.ids.paid, s.fx.ids.single, 999999] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    for (const path of paths) expect(await exists(path)).toBe(false);
    expect(await collectionRow(s.fx.ids.free)).toBeDefined();
    for (const body of [{}, { ids: [] }, { ids: ['a'] }, { ids: [-1] }]) {
      expect(
        (await s.admin.request('DELETE', '/downloader/collection/bulk', { body })).statusCode,
      ).toBe(400);
    }
  });
});

describe('POST /downloader/collection/{id}/import', () => {
  it('adds a new file dropped into the folder, re-reads known ones and drops vanished ones', async () => {
    const files = (await filesOf(s.t, s.fx.ids.free)).filter((f) => f.format !== null);
    const folder = dirname(files[0]?.path ?? '');
    await writeTone(join(folder, '03 - Marea Alta.flac'), {
      seconds: 2,
      frequency: 500,
      tags: {
        title: 'Marea Alta',
        artist: 'Ana Ruiz',
        album_artist: 'Ana Ruiz',
        album: 'Mareas',
        track: 3,
      },
    });
    await unlink(files[1]?.path ?? '');
    const res = await s.admin.post(`/downloader/collection/${s.fx.ids.free}/import?post=false`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, added: 1, updated: 1, removed: 1, posted: false });
    const titles = await s.t.db
      .selectFrom('audio')
      .innerJoin('files', 'files.file_id', 'audio.file_id')
      .select('audio.title')
      .where('files.collection_id', '=', s.fx.ids.free)
      .orderBy('audio.title')
      .execute();
    expect(titles.map((t) => t.title)).toEqual(['Marea Alta', 'Ola']);
    expect(
      (await s.admin.post(`/downloader/collection/${s.fx.ids.free}/import?post=true`)).json(),
    ).toMatchObject({ ok: true, added: 0 });
  });

  it('rejects a bad post flag, an unknown id and a non-numeric id', async () => {
    expect(
      (await s.admin.post(`/downloader/collection/${s.fx.ids.free}/import?post=yes`)).statusCode,
    ).toBe(400);
    expect((await s.admin.post('/downloader/collection/777777/import')).statusCode).toBe(404);
    expect((await s.admin.post('/downloader/collection/x/import')).statusCode).toBe(400);
  });
});

describe('POST /downloader/upload/{id}', () => {
  it('stores an uploaded cover and sets it on the collection', async () => {
    const png = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#aa3355' },
    })
      .png()
      .toBuffer();
    const upload = multipart('file', 'cover.png', png, 'image/png');
    const res = await s.admin.post(`/downloader/upload/${s.fx.ids.single}`, upload.body, {
      headers: upload.headers,
    });
    expect(res.statusCode).toBe(200);
    const { collectionImageHash } = res.json<{ collectionImageHash: string }>();
    expect(collectionImageHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await collectionRow(s.fx.ids.single))?.image_hash).toBe(collectionImageHash);
    expect(await s.fx.images.size(s.fx.images.key(collectionImageHash))).toBeGreaterThan(0);
  });

  it('rejects a file that is not an image, and a request without a file', async () => {
    const text = multipart('file', 'cover.png', Buffer.from('plain text'), 'image/png');
    const res = await s.admin.post(`/downloader/upload/${s.fx.ids.single}`, text.body, {
      headers: text.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await s.admin.post(`/downloader/upload/${s.fx.ids.single}`, { not: 'multipart' }))
        .statusCode,
    ).toBe(400);
    const png = multipart(
      'file',
      'c.png',
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    expect(
      (await s.admin.post('/downloader/upload/424242', png.body, { headers: png.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('admin media calls: permissions', () => {
  it('answers 403 to users and 401 to anonymous callers, changing nothing', async () => {
    const file = (await filesOf(s.t, s.fx.ids.free))[0];
    const user = await memberWithRole(s.t);
    const anonymous = new TestClient(s.t.app);
    await anonymous.get('/api/settings/public');
    const png = multipart(
      'file',
      'c.png',
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    for (const client of [user, anonymous]) {
      const expected = client === user ? 403 : 401;
      expect((await client.delete(`/downloader/file/${file?.fileId}`)).statusCode).toBe(expected);
      expect((await client.delete(`/downloader/collection/${s.fx.ids.free}`)).statusCode).toBe(
        expected,
      );
      expect(
        (
          await client.request('DELETE', '/downloader/collection/bulk', {
            body: { ids: [s.fx.ids.free] },
          })
        ).statusCode,
      ).toBe(expected);
      expect(
        (await client.post(`/downloader/collection/${s.fx.ids.free}/import?post=true`)).statusCode,
      ).toBe(expected);
      expect(
        (
          await client.post(`/downloader/upload/${s.fx.ids.free}`, png.body, {
            headers: png.headers,
          })
        ).statusCode,
      ).toBe(expected);
    }
    expect(await exists(file?.path ?? '')).toBe(true);
    expect(await collectionRow(s.fx.ids.free)).toBeDefined();
  });
});
