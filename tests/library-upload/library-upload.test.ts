import { readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import type { RunPostActions } from '../../server/modules/uploads/post-actions';
import { makeMp3 } from '../helpers/audio';
import { filesOf, storedBytes } from '../helpers/library-files';
import { StoredFiles } from '../../server/storage/stored-files';
import { multipartForm, type FilePart } from '../helpers/multipart';
import { memberWithRole } from '../helpers/setup';
import { setUpApp } from '../helpers/setup';
import { usesS3 } from '../helpers/s3-test-storage';

let t: TestApp;
let admin: TestClient;
let tracks: Buffer[];
const postCalls: Array<{ files: string[]; actions: string[] }> = [];

// A tiny real post-action engine: it writes a notes file beside the audio, as an action might.
const runPostActions: RunPostActions = async (files, actions, ctx) => {
  postCalls.push({ files, actions: actions.map((a) => a.name) });
  ctx.log('notes written');
  const notes = join(dirname(files[0] ?? ''), 'notes.txt');
  await writeFile(notes, `${ctx.meta.name}\n`);
  return [...files, notes];
};

beforeAll(async () => {
  ({ t, admin } = await setUpApp({ env: { UPLOAD_MAX_BYTES: '1048576' }, runPostActions }));
  tracks = await Promise.all([
    makeMp3({ title: 'One', track: 1, album: 'Test Upload', artist: 'Uploader Band' }),
    makeMp3({ title: 'Two', track: 2, album: 'Test Upload', artist: 'Uploader Band' }),
    makeMp3({ title: 'Three', track: 3, album: 'Test Upload', artist: 'Uploader Band' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const create = (client: TestClient, name: string, server = 0) =>
  client.put(`/downloader/collection/${server}`, { name });
const upload = (client: TestClient, id: number, parts: FilePart[]) => {
  const form = multipartForm(parts);
  return client.post(`/downloader/upload/${id}`, form.body, { headers: form.headers });
};
const leftovers = async (id: number) => {
  const folder = join(t.config.dataDir, 'media', 'uploads', String(id));
  return (await readdir(folder)).filter((name) => name.startsWith('.upload-'));
};

describe('PUT /downloader/collection/{server}', () => {
  it('creates an empty collection on the built-in server for admins and uploaders', async () => {
    const res = await create(admin, 'Test Upload');
    expect(res.statusCode).toBe(200);
    const { collectionId } = res.json<{ collectionId: number }>();
    expect(collectionId).toBeGreaterThan(0);
    const mine = await create(
      await memberWithRole(t, { can_upload: 1 }, { confirmed: true }),
      'Mine',
    );
    expect(mine.statusCode).toBe(200);
  });

  it('refuses other servers, bad names, non-uploaders, unconfirmed e-mails and anonymous callers', async () => {
    expect((await create(admin, 'X', 5)).statusCode).toBe(404);
    expect((await create(admin, '')).statusCode).toBe(400);
    expect((await create(admin, 'a/b')).json<{ error: string }>().error).toMatch(/name/);
    expect((await create(admin, 'bell\u0007')).statusCode).toBe(400);
    expect((await admin.put('/downloader/collection/x', { name: 'A' })).statusCode).toBe(400);
    expect(
      (await create(await memberWithRole(t, { can_upload: 0 }, { confirmed: true }), 'No'))
        .statusCode,
    ).toBe(403);
    const unconfirmed = await create(await memberWithRole(t, { can_upload: 1 }), 'No');
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json<{ error: string }>().error).toBe(
      'You need to confirm your email first!',
    );
    expect((await create(new TestClient(t.app), 'No')).statusCode).toBe(401);
    const noXsrf = await admin.put('/downloader/collection/0', { name: 'A' }, { noXsrf: true });
    expect(noXsrf.statusCode).toBe(403);
  });
});

describe('uploading an album, importing it and fetching a file back', () => {
  it('stores several files, names the collection, builds it from the tags and posts it', async () => {
    const owner = await memberWithRole(t, { can_upload: 1 }, { confirmed: true });
    const { collectionId } = (await create(owner, 'Test Upload')).json<{ collectionId: number }>();
    expect((await owner.get(`/api/collection/${collectionId}`)).json()).toEqual({
      collectionId,
      collectionName: 'Test Upload',
    });
    const cover = await sharp({
      create: { width: 16, height: 16, channels: 3, background: '#123' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(owner, collectionId, [
      { filename: '01 One.mp3', data: tracks[0]! },
      { filename: '02 Two.mp3', data: tracks[1]! },
      { filename: 'cover.jpg', data: cover },
    ]);
    expect(res.statusCode).toBe(200);
    const answer = res.json<{
      files: Array<{ fileId: number; name: string; kind: string }>;
      collectionImageHash: string;
    }>();
    expect(answer.files.map((f) => [f.name, f.kind])).toEqual([
      ['01 One.mp3', 'audio'],
      ['02 Two.mp3', 'audio'],
      ['cover.jpg', 'image'],
    ]);
    expect(answer.collectionImageHash).toMatch(/^[0-9a-f]{64}$/);
    // The same name again is kept beside the first, never over it.
    const again = await upload(owner, collectionId, [{ filename: '01 One.mp3', data: tracks[2]! }]);
    expect(again.json<{ files: Array<{ name: string }> }>().files[0]?.name).toBe('01 One (2).mp3');

    await admin.post('/api/settings', { defaultPost: [{ name: 'notes' }] });
    const imported = await owner.post(`/downloader/collection/${collectionId}/import?post=true`);
    expect(imported.statusCode).toBe(200);
    // On object storage too: the actions run on copies in the collection's folder, and the
    // file they added is kept in the bucket like an upload.
    expect(imported.json()).toMatchObject({ ok: true, added: 4, posted: true });
    expect(postCalls.at(-1)?.actions).toEqual(['notes']);
    const files = await filesOf(t, collectionId);
    expect(files.map((f) => [f.relativePath, f.title])).toEqual([
      ['01 One (2).mp3', 'Three'],
      ['01 One.mp3', 'One'],
      ['02 Two.mp3', 'Two'],
      ['cover.jpg', null],
      ['notes.txt', null],
    ]);
    const notes = files.find((f) => f.relativePath === 'notes.txt');
    expect(StoredFiles.isKey(notes?.path ?? '')).toBe(usesS3());
    expect((await storedBytes(t, notes?.path ?? '')).toString()).toBe('Test Upload\n');
    const page = await admin.get(`/api/audio_collection/${collectionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Two');
    const tags = await t.db
      .selectFrom('collections')
      .select('tags')
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(tags.tags)).toContain('New');

    const first = answer.files[0]!;
    const back = await admin.get(`/downloader/file/${first.fileId}`);
    expect(back.statusCode).toBe(200);
    expect(Buffer.compare(back.rawPayload, tracks[0]!)).toBe(0);

    const plain = await owner.post(`/downloader/collection/${collectionId}/import?post=false`);
    expect(plain.json()).toMatchObject({ ok: true, added: 0, posted: false });
    await admin.post('/api/settings', { defaultPost: [] });
  });

  it("lets an admin upload into any collection, and no one else into an uploader's", async () => {
    const owner = await memberWithRole(t, { can_upload: 1 }, { confirmed: true });
    const other = await memberWithRole(t, { can_upload: 1 }, { confirmed: true });
    const { collectionId } = (await create(owner, 'Theirs')).json<{ collectionId: number }>();
    const part = [{ filename: 'a.mp3', data: tracks[0]! }];
    expect((await upload(admin, collectionId, part)).statusCode).toBe(200);
    expect((await upload(other, collectionId, part)).statusCode).toBe(403);
    expect((await other.get(`/api/collection/${collectionId}`)).statusCode).toBe(403);
    expect((await other.post(`/downloader/collection/${collectionId}/import`)).statusCode).toBe(
      403,
    );
    expect(
      (
        await upload(
          await memberWithRole(t, { can_upload: 0 }, { confirmed: true }),
          collectionId,
          part,
        )
      ).statusCode,
    ).toBe(403);
    expect((await upload(new TestClient(t.app), collectionId, part)).statusCode).toBe(401);
    expect((await upload(admin, 999999, part)).statusCode).toBe(404);
    expect((await admin.get('/api/collection/999999')).statusCode).toBe(404);
    expect((await filesOf(t, collectionId)).length).toBe(1);
  });
});

describe('POST /downloader/upload/{id}: bad input changes nothing', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(admin, 'Bad input')).json<{ collectionId: number }>().collectionId;
  });

  it.each([
    [
      'text called .mp3',
      { filename: 'fake.mp3', data: Buffer.from('not audio at all') },
      400,
      /not audio/,
    ],
    ['an executable name', { filename: 'run.exe', data: Buffer.from('MZ') }, 400, /only audio/],
    ['a control character', { filename: 'a\u0001.mp3', data: Buffer.from('ID3') }, 400, /control/],
    ['a hidden name', { filename: '.hidden.mp3', data: Buffer.from('ID3') }, 400, /dot/],
    [
      'over the size limit',
      {
        filename: 'big.wav',
        data: Buffer.concat([Buffer.from('RIFF0000WAVE'), Buffer.alloc(1_100_000)]),
      },
      413,
      /limit/,
    ],
    [
      'an image that does not decode',
      { filename: 'cover.png', data: Buffer.from('\x89PNG\r\n\x1a\nbroken', 'latin1') },
      400,
      /image/,
    ],
  ])('%s', async (_what, part, status, message) => {
    const res = await upload(admin, id, [{ filename: 'ok.mp3', data: tracks[0]! }, part]);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect(await filesOf(t, id)).toEqual([]);
    expect(await leftovers(id)).toEqual([]);
    expect(await readdir(join(t.config.dataDir, 'media', 'uploads', String(id)))).toEqual([]);
  });

  it('a path separator in the name, a body cut off mid-file, no file at all', async () => {
    const slash = await upload(admin, id, [{ filename: '../../x.mp3', data: tracks[0]! }]);
    expect(slash.statusCode).toBe(400);
    const form = multipartForm([{ filename: 'cut.mp3', data: tracks[0]! }]);
    const cut = await admin.post(`/downloader/upload/${id}`, form.body.subarray(0, 3000), {
      headers: form.headers,
    });
    expect(cut.statusCode).toBe(400);
    expect((await admin.post(`/downloader/upload/${id}`, { json: true })).statusCode).toBe(400);
    expect(await filesOf(t, id)).toEqual([]);
    expect(await readdir(join(t.config.dataDir, 'media', 'uploads', String(id)))).toEqual([]);
  });
});
