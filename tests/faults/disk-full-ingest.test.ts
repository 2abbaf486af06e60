import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL } from '../../server/errors';
import { makeMp3 } from '../helpers/audio';
import { type TestClient } from '../helpers/client';
import { filesOf } from '../helpers/library-files';
import { errorOf, setUpApp } from '../helpers/setup';
import { canMountTmpfs, smallDisks, type SmallDisks } from '../helpers/small-disk';
import { type TestApp } from '../helpers/test-app';

/**
 * A full disk during a node's hand-over (issue 31 §3): a file that does not fit, and the
 * import at the end whose cover does not fit. Both answer 507 saying so, leave no partial
 * file and no collection, and the collection handed over before still streams. With room
 * again the same hand-over goes through.
 */
const mountable = await canMountTmpfs();
const TOKEN = 'disk-full-node-token-0123456789abc';

let disks: SmallDisks;
let t: TestApp;
let admin: TestClient;
let track: Buffer;
let cover: Buffer;
let kept: { collectionId: number; fileId: number };

const node = (method: 'POST' | 'PUT', url: string, payload?: Buffer) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(payload ? { 'content-type': 'application/octet-stream' } : {}),
    },
    ...(payload ? { payload } : {}),
  });
const begin = async () =>
  (await node('POST', '/downloader/ingest/begin')).json<{ ingestId: string }>().ingestId;
const put = (ingestId: string, path: string, data: Buffer) =>
  node('PUT', `/downloader/ingest/${ingestId}/file?path=${encodeURIComponent(path)}`, data);
const finish = (ingestId: string) => node('POST', `/downloader/ingest/${ingestId}/finish`);
const collectionCount = async () =>
  (await t.db.selectFrom('collections').select('collection_id').execute()).length;
const expectDiskFull = (answer: { statusCode: number; json: <T>() => T }) => {
  expect(answer.statusCode).toBe(507);
  expect(errorOf(answer)).toBe(DISK_FULL);
};

/** A hand-over of one album (a track and its cover); answers the finish's answer. */
async function handOver(album: string) {
  const ingestId = await begin();
  const mp3 = await makeMp3({ title: album, track: 1, album, artist: 'Node' });
  expect((await put(ingestId, `${album}/01.mp3`, mp3)).statusCode).toBe(204);
  expect((await put(ingestId, `${album}/cover.png`, cover)).statusCode).toBe(204);
  return finish(ingestId);
}

describe.skipIf(!mountable)('a full disk during a node hand-over', () => {
  beforeAll(async () => {
    disks = await smallDisks(['media', 'images']);
    ({ t, admin } = await setUpApp({ env: { DATA_DIR: disks.dataDir } }));
    const server = await admin.put('/api/server', {
      serverName: 'Node',
      serverAddress: 'http://127.0.0.1:9',
      serverToken: TOKEN,
    });
    expect(server.statusCode).toBe(200);
    track = await makeMp3({ title: 'Lost', track: 1, album: 'Lost', artist: 'Node' });
    // Noise does not compress: a cover bigger than the room left on a full disk.
    cover = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    const first = await handOver('Kept');
    expect(first.statusCode, first.body).toBe(200);
    const collectionId = first.json<{ collectionId: number }>().collectionId;
    kept = { collectionId, fileId: (await filesOf(t, collectionId))[0]!.fileId };
  });
  afterEach(() => disks.free());
  afterAll(async () => {
    await t?.close();
    await disks?.cleanup();
  });

  const keptStillServed = async () => {
    expect(await collectionCount()).toBe(1);
    const answer = await admin.get(`/downloader/file/${kept.fileId}?playback=true`);
    expect(answer.statusCode).toBe(200);
    expect(await disks.filesIn('images')).toHaveLength(1);
  };

  it('answers 507 to a file that does not fit and keeps no partial file', async () => {
    const ingestId = await begin();
    await disks.fill(4096, ['media']);
    expectDiskFull(await put(ingestId, 'Lost/01.mp3', track));
    expect(await disks.filesIn(`media/downloads/ingest/${ingestId}`)).toEqual([]);
    await keptStillServed();
    // With room again the node sends the same file and finishes the hand-over.
    await disks.free();
    expect((await put(ingestId, 'Lost/01.mp3', track)).statusCode).toBe(204);
    const done = await finish(ingestId);
    expect(done.statusCode, done.body).toBe(200);
    expect(await collectionCount()).toBe(2);
  });

  it('answers 507 when the import cannot store the cover, adding no collection', async () => {
    const before = await collectionCount();
    const imagesBefore = await disks.filesIn('images');
    await disks.fill(4096, ['images']);
    const ingestId = await begin();
    const mp3 = await makeMp3({ title: 'Covered', track: 1, album: 'Covered', artist: 'Node' });
    expect((await put(ingestId, 'Covered/01.mp3', mp3)).statusCode).toBe(204);
    const odd = await sharp(randomBytes(64 * 64 * 3), {
      raw: { width: 64, height: 64, channels: 3 },
    })
      .png()
      .toBuffer();
    expect((await put(ingestId, 'Covered/cover.png', odd)).statusCode).toBe(204);
    expectDiskFull(await finish(ingestId));
    expect(await collectionCount()).toBe(before);
    expect(await disks.filesIn('images')).toEqual(imagesBefore);
    const handedOver = await disks.filesIn('media/downloads/ingest');
    expect(handedOver.filter((name) => name.startsWith(ingestId))).toEqual([]);
    expect((await admin.get(`/downloader/file/${kept.fileId}?playback=true`)).statusCode).toBe(200);
  });
});
