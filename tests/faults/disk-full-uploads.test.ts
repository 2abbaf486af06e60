import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL } from '../../server/errors';
import { makeMp3 } from '../helpers/audio';
import { type TestClient } from '../helpers/client';
import { filesOf } from '../helpers/library-files';
import { multipartForm } from '../helpers/multipart';
import { errorOf, setUpApp } from '../helpers/setup';
import { canMountTmpfs, smallDisks, type SmallDisks } from '../helpers/small-disk';
import { type TestApp } from '../helpers/test-app';

/**
 * A full disk during a library upload, a member's upload and its hand-over into the library
 * (issue 31 §3): 507 saying so, no row, no partial file, and the files stored before still
 * stream. Once there is room again the same request succeeds.
 */
const mountable = await canMountTmpfs();

let disks: SmallDisks;
let t: TestApp;
let admin: TestClient;
let collectionId: number;
let keptFileId: number;
let track: Buffer;

const uploadTo = (id: number, name: string, data: Buffer) => {
  const form = multipartForm([{ filename: name, data, field: 'audio' }]);
  return admin.post(`/downloader/upload/${id}`, form.body, { headers: form.headers });
};
const memberUpload = (name: string, data: Buffer) => {
  const form = multipartForm([{ filename: name, data }]);
  return admin.post('/api/upload', form.body, { headers: form.headers });
};
const expectDiskFull = (answer: { statusCode: number; json: <T>() => T }) => {
  expect(answer.statusCode).toBe(507);
  expect(errorOf(answer)).toBe(DISK_FULL);
};

describe.skipIf(!mountable)('a full disk during uploads', () => {
  beforeAll(async () => {
    disks = await smallDisks(['media', 'uploads']);
    ({ t, admin } = await setUpApp({
      env: { DATA_DIR: disks.dataDir, UPLOAD_MAX_BYTES: '1048576' },
    }));
    track = await makeMp3({ title: 'Full', track: 1, album: 'Disk', artist: 'Filler' });
    const created = await admin.put('/downloader/collection/0', { name: 'Disk' });
    collectionId = created.json<{ collectionId: number }>().collectionId;
    const first = await uploadTo(collectionId, 'Kept.mp3', track);
    expect(first.statusCode, first.body).toBe(200);
    keptFileId = first.json<{ files: Array<{ fileId: number }> }>().files[0]!.fileId;
    expect((await admin.post(`/downloader/collection/${collectionId}/import`)).statusCode).toBe(
      200,
    );
    await disks.fill();
  });
  afterAll(async () => {
    await t?.close();
    await disks?.cleanup();
  });

  it('refuses a library upload with 507, keeps no row and no partial file', async () => {
    expectDiskFull(await uploadTo(collectionId, 'Lost.mp3', track));
    expect((await filesOf(t, collectionId)).map((f) => f.fileId)).toEqual([keptFileId]);
    expect(await disks.filesIn('media')).toEqual([`uploads/${collectionId}/Kept.mp3`]);
    const kept = await admin.get(`/downloader/file/${keptFileId}?playback=true`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.rawPayload.length).toBe(track.length);
  });

  it("refuses a member's upload with 507 and keeps no row and no partial file", async () => {
    expectDiskFull(await memberUpload('Lost.mp3', track));
    expect(await t.db.selectFrom('uploads').select('upload_id').execute()).toEqual([]);
    expect(await disks.filesIn('uploads')).toEqual([]);
  });

  it('stores both once the disk has room again', async () => {
    await disks.free();
    const again = await uploadTo(collectionId, 'Lost.mp3', track);
    expect(again.statusCode, again.body).toBe(200);
    expect(await filesOf(t, collectionId)).toHaveLength(2);
    expect((await memberUpload('Lost.mp3', track)).statusCode).toBe(200);
    expect(await disks.filesIn('uploads')).toHaveLength(1);
  });

  it("refuses to copy a member's upload into a full library disk, keeping the upload", async () => {
    const [upload] = await t.db.selectFrom('uploads').select('upload_id').execute();
    await disks.fill();
    const submitted = await admin.post('/api/upload/music', {
      uploadId: upload!.upload_id,
      description: 'for the library',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const imported = await admin.post(`/api/upload/${upload!.upload_id}/import`, {
      serverId: 0,
      collectionId,
    });
    expectDiskFull(imported);
    expect(await filesOf(t, collectionId)).toHaveLength(2);
    expect(
      (await disks.filesIn(`media/uploads/${collectionId}`)).filter((n) => n.startsWith('.')),
    ).toEqual([]);
    await disks.free();
    const retried = await admin.post(`/api/upload/${upload!.upload_id}/import`, {
      serverId: 0,
      collectionId,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await filesOf(t, collectionId)).toHaveLength(3);
  });
});
