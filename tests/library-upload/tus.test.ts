import type { AddressInfo } from 'node:net';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { makeMp3 } from '../helpers/audio';
import { filesOf } from '../helpers/library-files';
import { memberWithRole } from '../helpers/setup';
import { usesS3 } from '../helpers/s3-test-storage';

let t: TestApp;
let base: string;
let track: Buffer;

/** A browser-like session over real HTTP: cookies kept, XSRF echoed on writes. */
class HttpSession {
  cookies = new Map<string, string>();
  async send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
    const all: Record<string, string> = { ...headers };
    if (this.cookies.size > 0)
      all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && method !== 'HEAD' && xsrf && !('x-xsrf-token' in headers))
      all['x-xsrf-token'] = xsrf;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: all,
      body: body ? new Uint8Array(body) : undefined,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [k, v] = (pair ?? '').split('=');
      if (k) this.cookies.set(k, v ?? '');
    }
    return res;
  }
  async login(username: string, password: string) {
    await this.send('GET', '/api/settings/public');
    const res = await this.send(
      'POST',
      '/api/login',
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ username, password })),
    );
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  }
}

const meta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
const TUS = { 'tus-resumable': '1.0.0' };
const create = (
  s: HttpSession,
  collectionId: number,
  filename: string,
  length: number,
  extra = {},
) =>
  s.send('POST', '/downloader/tus', {
    ...TUS,
    'upload-length': String(length),
    'upload-metadata': meta({ collectionId: String(collectionId), filename }),
    ...extra,
  });
const patch = (s: HttpSession, location: string, offset: number, chunk: Buffer) =>
  s.send(
    'PATCH',
    location,
    { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    chunk,
  );

let admin: HttpSession;
let collectionId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_BYTES: '1048576' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  track = await makeMp3({
    title: 'Resumed',
    track: 1,
    album: 'Test Upload',
    artist: 'Uploader Band',
  });
  admin = new HttpSession();
  await admin.login(ADMIN.username, ADMIN.password);
  const res = await admin.send(
    'PUT',
    '/downloader/collection/0',
    { 'content-type': 'application/json' },
    Buffer.from('{"name":"Tus"}'),
  );
  collectionId = ((await res.json()) as { collectionId: number }).collectionId;
});
afterAll(async () => {
  await t.close();
});

/** Resolves once the file at `path` holds `size` bytes. */
async function untilSize(path: string, size: number): Promise<void> {
  for (;;) {
    const current = await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    if (current >= size) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('tus uploads into a collection', () => {
  // Watches the parts file under DATA_DIR/tus; on object storage the parts are in the bucket
  // and tus-object-storage.test.ts resumes an upload there (on another server, too).
  it.skipIf(usesS3())(
    'resumes an interrupted upload where it stopped and moves the file in',
    async () => {
      const created = await create(admin, collectionId, 'Resumed.mp3', track.length);
      expect(created.status).toBe(201);
      const location = created.headers.get('location') ?? '';
      expect(location).toMatch(/^\/downloader\/tus\/[0-9a-f]{32}$/);
      const half = Math.floor(track.length / 2);
      // The connection drops mid-body, once the server has written the first half to disk (polled,
      // not timed, so a slow machine cannot cut it earlier): the server keeps what arrived.
      const stored = join(t.config.dataDir, 'tus', location.split('/').pop() ?? '');
      const controller = new AbortController();
      const stream = new ReadableStream({
        start(c) {
          c.enqueue(track.subarray(0, half));
          void untilSize(stored, half).then(() => controller.abort());
        },
      });
      await fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': admin.cookies.get('XSRF-TOKEN') ?? '',
        },
        body: stream,
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit).catch(() => undefined);
      // The server notices the dropped connection in its own time; until then the upload is locked.
      let offset = -1;
      await expect
        .poll(
          async () => {
            const head = await admin.send('HEAD', location, TUS);
            offset = head.status === 200 ? Number(head.headers.get('upload-offset')) : -1;
            return offset;
          },
          { timeout: 15_000, interval: 100 },
        )
        .toBe(half);
      expect(await filesOf(t, collectionId)).toEqual([]);
      const done = await patch(admin, location, offset, track.subarray(offset));
      expect(done.status).toBe(204);
      const files = await filesOf(t, collectionId);
      expect(files.map((f) => f.relativePath)).toEqual(['Resumed.mp3']);
      const back = await admin.send(
        'GET',
        `/downloader/file/${done.headers.get('upload-file-id')}`,
      );
      expect(Buffer.compare(Buffer.from(await back.arrayBuffer()), track)).toBe(0);
      expect(
        (await readdir(join(t.config.dataDir, 'tus'))).filter((n) => !n.startsWith('.')),
      ).toEqual([]);
    },
  );

  it('refuses anonymous callers, missing XSRF, other users, bad names and sizes', async () => {
    const anonymous = new HttpSession();
    await anonymous.send('GET', '/api/settings/public');
    expect((await create(anonymous, collectionId, 'a.mp3', 10)).status).toBe(401);
    expect(
      (await create(admin, collectionId, 'a.mp3', 10, { 'x-xsrf-token': 'wrong' })).status,
    ).toBe(403);
    expect((await create(admin, collectionId, 'a/b.mp3', 10)).status).toBe(400);
    expect((await create(admin, collectionId, 'run.exe', 10)).status).toBe(400);
    expect((await create(admin, collectionId, 'big.mp3', 1_100_000)).status).toBe(413);
    expect((await create(admin, 999999, 'a.mp3', 10)).status).toBe(404);

    const created = await create(admin, collectionId, 'Mine.mp3', track.length);
    const location = created.headers.get('location') ?? '';
    const other = new HttpSession();
    const client = await memberWithRole(t, { can_upload: 1 }, { confirmed: true });
    void client;
    await other.login(ADMIN.username, ADMIN.password);
    const stranger = new HttpSession();
    const name = (
      await t.db
        .selectFrom('users')
        .select('user_name')
        .where('user_id', '=', client.userId)
        .executeTakeFirstOrThrow()
    ).user_name;
    await stranger.login(name, 'password-123');
    expect((await stranger.send('HEAD', location, TUS)).status).toBe(404);
    expect((await patch(stranger, location, 0, track)).status).toBe(404);
    expect((await admin.send('HEAD', '/downloader/tus/not-an-id', TUS)).status).toBe(404);
  });

  it('refuses a finished upload whose content is not audio, keeping nothing', async () => {
    const fake = Buffer.from('this is plain text, not an mp3 at all');
    const created = await create(admin, collectionId, 'fake.mp3', fake.length);
    const location = created.headers.get('location') ?? '';
    const res = await patch(admin, location, 0, fake);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/not audio/);
    expect((await filesOf(t, collectionId)).map((f) => f.relativePath)).not.toContain('fake.mp3');
    const folder = join(t.config.dataDir, 'media', 'uploads', String(collectionId));
    expect(
      (await readdir(folder)).filter((n) => n.startsWith('.upload-') || n === 'fake.mp3'),
    ).toEqual([]);
  });
});
