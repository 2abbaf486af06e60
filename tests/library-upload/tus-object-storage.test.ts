import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTone } from '../helpers/audio';
import { filesOf, storedBytes } from '../helpers/library-files';
import { usesS3 } from '../helpers/s3-test-storage';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { createStorage } from '../../server/storage/create-storage';

/*
 * Resumable uploads on object storage (issue 32): the parts wait in the bucket
 * (@tus/s3-store), so an upload begun on one app server finishes on another. Two apps in this
 * process, each with its own tus store and its own cache of upload metadata, share only the
 * database and the bucket. Only in the s3rver run (TEST_STORAGE=s3).
 */
const MIB = 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };

let t: TestApp;
let other: FastifyInstance;
let baseA: string;
let baseB: string;
let cookies: Record<string, string>;
let collectionId: number;
let track: Buffer;

const listen = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

/** A request with the admin's session and XSRF header (the same session works on both apps). */
const send = (base: string, method: string, path: string, headers = {}, body?: Buffer) =>
  fetch(`${base}${path}`, {
    method,
    headers: { ...cookies, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });

const meta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

const create = async (base: string, filename: string, length: number): Promise<string> => {
  const res = await send(base, 'POST', '/downloader/tus', {
    ...TUS,
    'upload-length': String(length),
    'upload-metadata': meta({ collectionId: String(collectionId), filename }),
  });
  expect(res.status).toBe(201);
  return res.headers.get('location') ?? '';
};

const patch = (base: string, location: string, offset: number, chunk: Buffer) =>
  send(
    base,
    'PATCH',
    location,
    { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    chunk,
  );

/** Every key under tus/ in the app's bucket. */
const tusKeys = async (): Promise<string[]> => {
  const keys: string[] = [];
  for await (const key of (await createStorage(t.config.storage)).list('tus/')) keys.push(key);
  return keys.sort();
};

describe.runIf(usesS3())('tus uploads on object storage', () => {
  beforeAll(async () => {
    t = await createTestApp();
    other = await t.rebuild();
    baseA = await listen(t.app);
    baseB = await listen(other);
    // The XSRF cookie first (as a browser gets it), then the session.
    const jar = new Map<string, string>();
    const keep = (res: Response) => {
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [k, v] = (pair ?? '').split('=');
        if (k) jar.set(k, v ?? '');
      }
      cookies = {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
      };
    };
    cookies = {};
    keep(await send(baseA, 'GET', '/api/settings/public'));
    const login = await send(
      baseA,
      'POST',
      '/api/login',
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ username: ADMIN.username, password: ADMIN.password })),
    );
    expect(login.status).toBe(200);
    keep(login);
    const made = await send(
      baseA,
      'PUT',
      '/downloader/collection/0',
      { 'content-type': 'application/json' },
      Buffer.from('{"name":"Resumed elsewhere"}'),
    );
    collectionId = ((await made.json()) as { collectionId: number }).collectionId;
    // Past S3's 5 MiB minimum part, so the upload holds a whole part and a shorter tail.
    const dir = await mkdtemp(join(tmpdir(), 'musicbox-tus-s3-'));
    await writeTone(join(dir, 'long.wav'), { seconds: 45, args: ['-ac', '2'] });
    track = await readFile(join(dir, 'long.wav'));
    await rm(dir, { recursive: true });
    expect(track.length).toBeGreaterThan(7 * MIB);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finishes on server B an upload begun on server A, the parts only in the bucket', async () => {
    const location = await create(baseA, 'Long Take.wav', track.length);
    expect(location).toMatch(/^\/downloader\/tus\/[0-9a-f]{32}$/);
    const id = location.split('/').pop() ?? '';
    // 6 MiB through A: one whole 5 MiB part of the multipart upload, 1 MiB waiting beside it.
    const first = await patch(baseA, location, 0, track.subarray(0, 6 * MIB));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(6 * MIB));
    expect(await tusKeys()).toEqual([`tus/${id}.info`, `tus/${id}.part`]);
    // Nothing of it on this machine's disk: B can only learn the offset from the bucket.
    expect(await readdir(join(t.config.dataDir, 'tus')).catch(() => [])).toEqual([]);

    const head = await send(baseB, 'HEAD', location, TUS);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(6 * MIB));
    const done = await patch(baseB, location, 6 * MIB, track.subarray(6 * MIB));
    expect(done.status).toBe(204);

    const [file] = await filesOf(t, collectionId);
    expect(file?.relativePath).toBe('Long Take.wav');
    expect(String(file?.fileId)).toBe(done.headers.get('upload-file-id'));
    // The row holds a key where the import reads it, with exactly the uploaded bytes.
    expect(file?.path).toBe(`media/uploads/${collectionId}/Long Take.wav`);
    expect(Buffer.compare(await storedBytes(t, file?.path ?? ''), track)).toBe(0);
    const back = await send(baseA, 'GET', `/downloader/file/${file?.fileId}`);
    expect(Buffer.compare(Buffer.from(await back.arrayBuffer()), track)).toBe(0);
    // Placed: neither the multipart object nor its metadata is left under tus/.
    expect(await tusKeys()).toEqual([]);

    // Any server imports it straight from the bucket.
    const imported = await send(baseB, 'POST', `/downloader/collection/${collectionId}/import`);
    expect(imported.status).toBe(200);
    expect((await filesOf(t, collectionId))[0]?.format).not.toBeNull();
  });

  it('a PATCH cut off mid-body on A is resumed on B from the offset the bucket holds', async () => {
    const location = await create(baseA, 'Cut Off.wav', track.length);
    const controller = new AbortController();
    const offsetOnB = async () => {
      const head = await send(baseB, 'HEAD', location, TUS);
      return head.status === 200 ? Number(head.headers.get('upload-offset')) : -1;
    };
    // 6 MiB sent and the body left open; once B sees the first 5 MiB part in the bucket, the
    // connection drops (polled, not timed, so a slow machine cannot cut it earlier).
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new Uint8Array(track.subarray(0, 6 * MIB)));
      },
    });
    const sent = fetch(`${baseA}${location}`, {
      method: 'PATCH',
      headers: {
        ...cookies,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: stream,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit).catch(() => undefined);
    await expect
      .poll(offsetOnB, { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(5 * MIB);
    controller.abort();
    await sent;
    // A may still store the tail it received: the offset is read once it holds still.
    let offset = -1;
    await expect
      .poll(
        async () => {
          const before = offset;
          offset = await offsetOnB();
          return offset === before;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    expect(offset).toBeGreaterThanOrEqual(5 * MIB);
    expect(offset).toBeLessThanOrEqual(6 * MIB);
    const done = await patch(baseB, location, offset, track.subarray(offset));
    expect(done.status).toBe(204);
    const file = (await filesOf(t, collectionId)).find((f) => f.relativePath === 'Cut Off.wav');
    expect(Buffer.compare(await storedBytes(t, file?.path ?? ''), track)).toBe(0);
    expect(await tusKeys()).toEqual([]);
  });

  it('a second upload of the same name gets a name of its own, the first left whole', async () => {
    const location = await create(baseB, 'Long Take.wav', track.length);
    expect((await patch(baseA, location, 0, track)).status).toBe(204);
    const names = (await filesOf(t, collectionId)).map((f) => f.relativePath);
    expect(names).toEqual(['Cut Off.wav', 'Long Take (2).wav', 'Long Take.wav']);
    expect(await tusKeys()).toEqual([]);
  });

  it('an upload ended on B frees what A stored', async () => {
    const location = await create(baseA, 'Dropped.wav', track.length);
    expect((await patch(baseA, location, 0, track.subarray(0, 2 * MIB))).status).toBe(204);
    expect((await tusKeys()).length).toBeGreaterThan(0);
    const ended = await send(baseB, 'DELETE', location, TUS);
    expect(ended.status).toBe(204);
    expect(await tusKeys()).toEqual([]);
    expect((await send(baseA, 'HEAD', location, TUS)).status).toBe(404);
  });

  it('refuses a finished upload that is not audio and keeps nothing of it', async () => {
    const fake = Buffer.alloc(6 * MIB, 'not audio ');
    const location = await create(baseA, 'fake.wav', fake.length);
    const res = await patch(baseB, location, 0, fake);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/not audio/);
    expect(await tusKeys()).toEqual([]);
    expect((await filesOf(t, collectionId)).map((f) => f.relativePath)).not.toContain('fake.wav');
  });
});
