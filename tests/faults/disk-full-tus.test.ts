import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL } from '../../server/errors';
import { makeMp3 } from '../helpers/audio';
import { filesOf } from '../helpers/library-files';
import { canMountTmpfs, smallDisks, type SmallDisks } from '../helpers/small-disk';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

/**
 * A full disk during a resumable (tus) upload (issue 31 §3), over real HTTP: the store's disk
 * filling mid-PATCH, and the library's disk filling when the finished upload moves in. Both
 * answer 507 saying so, remove the upload's bytes, add no row, and the file stored before
 * still streams; with room again the same upload goes through.
 */
const mountable = await canMountTmpfs();

let disks: SmallDisks;
let t: TestApp;
let base: string;
let track: Buffer;
let collectionId: number;
let keptFileId: number;
const cookies = new Map<string, string>();

async function send(method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  const all: Record<string, string> = { ...headers };
  all.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (method !== 'GET' && method !== 'HEAD') all['x-xsrf-token'] = cookies.get('XSRF-TOKEN') ?? '';
  const res = await fetch(`${base}${path}`, {
    method,
    headers: all,
    body: body ? new Uint8Array(body) : undefined,
  });
  for (const cookie of res.headers.getSetCookie()) {
    const [k, v] = (cookie.split(';')[0] ?? '').split('=');
    if (k) cookies.set(k, v ?? '');
  }
  return res;
}
const json = { 'content-type': 'application/json' };
const TUS = { 'tus-resumable': '1.0.0' };
const meta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** Creates an upload and sends all of it in one PATCH; answers the PATCH's answer. */
async function tusUpload(name: string): Promise<{ location: string; res: Response }> {
  const created = await send('POST', '/downloader/tus', {
    ...TUS,
    'upload-length': String(track.length),
    'upload-metadata': meta({ collectionId: String(collectionId), filename: name }),
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('location') ?? '';
  const res = await send(
    'PATCH',
    location,
    { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    track,
  );
  return { location, res };
}
const expectDiskFull = async (res: Response) => {
  expect(res.status).toBe(507);
  expect(((await res.json()) as { error: string }).error).toBe(DISK_FULL);
};

describe.skipIf(!mountable)('a full disk during a tus upload', () => {
  beforeAll(async () => {
    disks = await smallDisks(['tus', 'media']);
    t = await createTestApp({ env: { DATA_DIR: disks.dataDir, UPLOAD_MAX_BYTES: '1048576' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    track = await makeMp3({ title: 'Tus', track: 1, album: 'Full', artist: 'Filler' });
    await send('GET', '/api/settings/public', {});
    const login = await send('POST', '/api/login', json, Buffer.from(JSON.stringify(ADMIN)));
    expect(login.status).toBe(200);
    const created = await send(
      'PUT',
      '/downloader/collection/0',
      json,
      Buffer.from('{"name":"T"}'),
    );
    collectionId = ((await created.json()) as { collectionId: number }).collectionId;
    const first = await tusUpload('Kept.mp3');
    expect(first.res.status).toBe(204);
    keptFileId = Number(first.res.headers.get('upload-file-id'));
    const imported = await send('POST', `/downloader/collection/${collectionId}/import`, {});
    expect(imported.status).toBe(200);
  });
  // Each test fills what it needs; the next starts with room whatever happened.
  afterEach(() => disks.free());
  afterAll(async () => {
    await t?.close();
    await disks?.cleanup();
  });

  const nothingLeft = async () => {
    expect(await disks.filesIn('tus')).toEqual([]);
    expect(await disks.filesIn('media')).toEqual([`uploads/${collectionId}/Kept.mp3`]);
    expect((await filesOf(t, collectionId)).map((f) => f.fileId)).toEqual([keptFileId]);
    const kept = await send('GET', `/downloader/file/${keptFileId}?playback=true`, {});
    expect(kept.status).toBe(200);
    expect((await kept.arrayBuffer()).byteLength).toBe(track.length);
  };

  it("answers 507 when the store's disk fills mid-PATCH and drops the upload", async () => {
    await disks.fill(4096, ['tus']);
    const { location, res } = await tusUpload('Lost.mp3');
    await expectDiskFull(res);
    expect((await send('HEAD', location, TUS)).status).toBe(404);
    await nothingLeft();
  });

  it("answers 507 when the library's disk is full as the finished upload moves in", async () => {
    await disks.fill(4096, ['media']);
    await expectDiskFull((await tusUpload('Lost.mp3')).res);
    await nothingLeft();
  });

  it("answers 507 to a creation on a full store's disk, keeping nothing of it", async () => {
    await disks.fill(0, ['tus']);
    const created = await send('POST', '/downloader/tus', {
      ...TUS,
      'upload-length': String(track.length),
      'upload-metadata': meta({ collectionId: String(collectionId), filename: 'Lost.mp3' }),
    });
    await expectDiskFull(created);
    await nothingLeft();
  });

  it('takes the same upload once there is room again', async () => {
    const { res } = await tusUpload('Lost.mp3');
    expect(res.status).toBe(204);
    expect(await filesOf(t, collectionId)).toHaveLength(2);
    expect(await disks.filesIn('tus')).toEqual([]);
  });
});
