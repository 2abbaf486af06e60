import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserUpload, UserUploadList } from '../../domain/user-upload';
import { TestClient } from '../helpers/client';
import { makeMp3 } from '../helpers/audio';
import { filesOf } from '../helpers/library-files';
import { memberWithRole, setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';
import { expectOnlyInBucket, keptUpload, upload, uploadOk } from '../helpers/uploads';

let t: TestApp;
let admin: TestClient;
let mp3: Buffer;
const FILE_LIMIT = 1024 * 1024;

beforeAll(async () => {
  ({ t, admin } = await setUpApp({ env: { UPLOAD_MAX_BYTES: String(FILE_LIMIT) } }));
  mp3 = await makeMp3({ title: 'Offered', track: 1, album: 'User Album', artist: 'Uploader Band' });
});
afterAll(async () => {
  await t.close();
});

/** A confirmed user (unless told otherwise) whose role keeps `limit` bytes of uploads. */
const member = (limit: number | null = null, confirmed = true) =>
  memberWithRole(t, { upload_limit: limit }, { confirmed });
const offer = (client: TestClient, uploadId: unknown, description: unknown = 'My demo') =>
  client.post('/api/upload/music', { uploadId, description });
const list = (client: TestClient, query = '') =>
  client.get(`/api/upload/music${query}`).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UserUploadList>();
  });
const uploadFiles = async () =>
  (await readdir(join(t.config.dataDir, 'uploads')).catch(() => [] as string[])).filter(
    (name) => !name.startsWith('.'),
  );

describe('POST /api/upload/music', () => {
  it('records the caller’s own audio upload with its description (the spec’s Upload keys)', async () => {
    const user = await member();
    const uploadId = await uploadOk(user, 'demo.mp3', mp3);
    const res = await offer(user, uploadId, 'Live at home');
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json<UserUpload>();
    expect(record).toMatchObject({
      uploadId,
      userUploadedMusicDescription: 'Live at home',
      uploadUserId: user.userId,
      uploadName: 'demo.mp3',
    });
    expect(record.uploadPath).toMatch(/^uploads\/[0-9a-f]{32}\.mp3$/);
    // The path is what the download control fetches: the same bytes come back.
    const file = await user.get(`/api/file?path=${encodeURIComponent(record.uploadPath)}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(mp3)).toBe(true);
    expect((await offer(user, uploadId)).statusCode).toBe(409);
  });

  it('refuses uploads that are not audio by content, missing ones and someone else’s', async () => {
    const user = await member();
    const other = await member();
    const text = await uploadOk(user, 'song.mp3', Buffer.from('just words, named like a song\n'));
    const notAudio = await offer(user, text);
    expect(notAudio.statusCode).toBe(400);
    expect(notAudio.json<{ error: string }>().error).toBe('uploadId: the upload is not audio');
    expect((await offer(user, 999_999)).statusCode).toBe(404);
    const theirs = await uploadOk(other, 'theirs.mp3', mp3);
    expect((await offer(user, theirs)).statusCode).toBe(404);
    expect((await offer(admin, theirs)).statusCode).toBe(404);
  });

  it('validates the body, naming the field', async () => {
    const user = await member();
    const uploadId = await uploadOk(user, 'v.mp3', mp3);
    const noId = await user.post('/api/upload/music', { description: 'x' });
    expect(noId.json<{ error: string }>().error).toMatch(/^uploadId: /);
    const badDescription = await offer(user, uploadId, 42);
    expect(badDescription.statusCode).toBe(400);
    expect(badDescription.json<{ error: string }>().error).toMatch(/^description: /);
    const long = await offer(user, uploadId, 'x'.repeat(2001));
    expect(long.json<{ error: string }>().error).toMatch(/^description: /);
  });

  it('is for signed-in users with a confirmed e-mail', async () => {
    expect((await offer(new TestClient(t.app), 1)).statusCode).toBe(401);
    const unconfirmed = await member(null, false);
    const res = await offer(unconfirmed, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: string }>().error).toBe('You need to confirm your email first!');
  });
});

describe('upload quota (roleUploadLimit)', () => {
  it('stores nothing once the role’s bytes are used up, and counts only audio', async () => {
    const user = await member(mp3.length + 10);
    await uploadOk(user, 'first.mp3', mp3);
    const before = await uploadFiles();
    const rows = await t.db
      .selectFrom('uploads')
      .select('upload_id')
      .where('user_id', '=', user.userId)
      .execute();
    const over = await upload(user, 'second.mp3', mp3);
    expect(over.statusCode).toBe(403);
    expect(over.json<{ error: string }>().error).toMatch(/^Upload quota exceeded/);
    expect(await uploadFiles()).toEqual(before);
    const after = await t.db
      .selectFrom('uploads')
      .select('upload_id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(after).toEqual(rows);
    // Text is not music: a ticket attachment still goes through.
    expect((await upload(user, 'notes.txt', Buffer.from('hello\n'))).statusCode).toBe(200);
  });

  it('lets no more than the quota through when uploads arrive at the same time', async () => {
    const user = await member(Math.floor(mp3.length * 1.5));
    const answers = await Promise.all([
      upload(user, 'x.mp3', mp3),
      upload(user, 'y.mp3', mp3),
      upload(user, 'z.mp3', mp3),
    ]);
    expect(answers.filter((res) => res.statusCode === 403).length).toBeGreaterThanOrEqual(2);
    const rows = await t.db
      .selectFrom('uploads')
      .select('size')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows.reduce((sum, row) => sum + Number(row.size), 0)).toBeLessThanOrEqual(
      Math.floor(mp3.length * 1.5),
    );
  });

  it('frees the room when an upload is deleted; administrators are never limited', async () => {
    const user = await member(mp3.length + 10);
    const first = await uploadOk(user, 'a.mp3', mp3);
    expect((await upload(user, 'b.mp3', mp3)).statusCode).toBe(403);
    expect((await user.delete(`/api/upload/${first}`)).statusCode).toBe(200);
    expect((await upload(user, 'b.mp3', mp3)).statusCode).toBe(200);
    await t.db.updateTable('roles').set({ upload_limit: 0 }).where('role_id', '=', 1).execute();
    try {
      expect((await upload(admin, 'admin.mp3', mp3)).statusCode).toBe(200);
    } finally {
      await t.db
        .updateTable('roles')
        .set({ upload_limit: null })
        .where('role_id', '=', 1)
        .execute();
    }
  });
});

describe('GET /api/upload/music', () => {
  it('lists everyone’s for admins (with the user) and only their own for users, paged', async () => {
    const alice = await member();
    const bob = await member();
    const aliceIds: number[] = [];
    for (const name of ['a1.mp3', 'a2.mp3', 'a3.mp3']) {
      const id = await uploadOk(alice, name, mp3);
      expect((await offer(alice, id, name)).statusCode).toBe(200);
      aliceIds.push(id);
    }
    const bobId = await uploadOk(bob, 'b1.mp3', mp3);
    await offer(bob, bobId);

    const own = await list(alice);
    expect(own.total).toBe(3);
    expect(own.items.map((item) => item.uploadId).sort()).toEqual([...aliceIds].sort());
    const firstPage = await list(alice, '?offset=0&count=2');
    const secondPage = await list(alice, '?offset=2&count=2');
    expect(firstPage.total).toBe(3);
    expect(firstPage.items).toHaveLength(2);
    expect(secondPage.items).toHaveLength(1);
    expect(new Set([...firstPage.items, ...secondPage.items].map((i) => i.uploadId)).size).toBe(3);

    const all = await list(admin, '?count=100');
    const bobs = all.items.find((item) => item.uploadId === bobId);
    expect(bobs?.uploadUserId).toBe(bob.userId);
    expect(bobs?.uploadUserName).toMatch(/^listener/);
    expect(all.items.some((item) => aliceIds.includes(item.uploadId))).toBe(true);
    expect((await list(bob)).items.map((item) => item.uploadId)).toEqual([bobId]);
  });

  it('refuses anonymous callers and bad paging', async () => {
    expect((await new TestClient(t.app).get('/api/upload/music')).statusCode).toBe(401);
    const bad = await admin.get('/api/upload/music?count=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^count: /);
    expect((await admin.get('/api/upload/music?offset=-1')).statusCode).toBe(400);
  });
});

describe('DELETE /api/upload/{id} of a music upload', () => {
  it('removes the row and the file together; only the uploader or an admin may', async () => {
    const user = await member();
    const other = await member();
    const uploadId = await uploadOk(user, 'gone.mp3', mp3);
    const record = (await offer(user, uploadId)).json<UserUpload>();
    expect(await keptUpload(t, record.uploadPath)).toEqual(mp3);
    await expectOnlyInBucket(t, record.uploadPath, mp3);
    expect((await other.delete(`/api/upload/${uploadId}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/upload/${uploadId}`)).statusCode).toBe(200);
    expect(await keptUpload(t, record.uploadPath)).toBeNull();
    const rows = await t.db
      .selectFrom('music_uploads')
      .select('upload_id')
      .where('upload_id', '=', uploadId)
      .execute();
    expect(rows).toEqual([]);
    expect((await list(user)).items).toEqual([]);
    expect((await user.delete(`/api/upload/${uploadId}`)).statusCode).toBe(404);
  });
});

describe('POST /api/upload/{uploadId}/import', () => {
  const importUpload = (client: TestClient, uploadId: number, body: unknown) =>
    client.post(`/api/upload/${uploadId}/import`, body);

  it('moves the file into an existing collection and imports it (admin)', async () => {
    const user = await member();
    const uploadId = await uploadOk(user, 'Offered Song.mp3', mp3);
    const record = (await offer(user, uploadId)).json<UserUpload>();
    const created = await admin.put('/downloader/collection/0', { name: 'From users' });
    const { collectionId } = created.json<{ collectionId: number }>();

    const res = await importUpload(admin, uploadId, { collectionId, serverId: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, collectionId });
    const files = await filesOf(t, collectionId);
    expect(files.map((f) => [f.relativePath, f.title])).toEqual([['Offered Song.mp3', 'Offered']]);
    const collection = await admin.get(`/api/audio_collection/${collectionId}`);
    expect(collection.statusCode).toBe(200);
    expect(collection.body).toContain('Offered');
    // Consumed: no row, no upload file, nothing pointing at a missing file.
    expect(await keptUpload(t, record.uploadPath)).toBeNull();
    expect((await list(admin, '?count=100')).items.some((i) => i.uploadId === uploadId)).toBe(
      false,
    );
    expect((await importUpload(admin, uploadId, { collectionId, serverId: 0 })).statusCode).toBe(
      404,
    );
  });

  it('refuses users, bad bodies, other servers, missing collections and non-music uploads', async () => {
    const user = await member();
    const uploadId = await uploadOk(user, 'keep.mp3', mp3);
    await offer(user, uploadId);
    const { collectionId } = (
      await admin.put('/downloader/collection/0', { name: 'Target' })
    ).json<{ collectionId: number }>();
    const body = { collectionId, serverId: 0 };
    expect((await importUpload(user, uploadId, body)).statusCode).toBe(403);
    expect((await importUpload(new TestClient(t.app), uploadId, body)).statusCode).toBe(401);
    const noCollection = await importUpload(admin, uploadId, { serverId: 0 });
    expect(noCollection.json<{ error: string }>().error).toMatch(/^collectionId: /);
    expect((await importUpload(admin, uploadId, { collectionId, serverId: 'x' })).statusCode).toBe(
      400,
    );
    expect((await importUpload(admin, uploadId, { collectionId, serverId: 7 })).statusCode).toBe(
      404,
    );
    expect(
      (await importUpload(admin, uploadId, { collectionId: 987_654, serverId: 0 })).statusCode,
    ).toBe(404);
    // An upload never offered as music (e.g. a ticket attachment) is not importable.
    const plain = await uploadOk(user, 'plain.mp3', mp3);
    expect((await importUpload(admin, plain, body)).statusCode).toBe(404);
    expect((await importUpload(admin, 999_999, body)).statusCode).toBe(404);
    // Every refusal left the upload as it was.
    expect((await list(user)).items.map((i) => i.uploadId)).toEqual([uploadId]);
    expect(await filesOf(t, collectionId)).toEqual([]);
  });
});
