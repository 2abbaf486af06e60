import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredFiles } from '../../server/storage/stored-files';
import { makeMp3, writeTone } from '../helpers/audio';
import type { TestClient } from '../helpers/client';
import { filesOf, parseAudio, storedBytes } from '../helpers/library-files';
import { multipartForm } from '../helpers/multipart';
import { usesS3 } from '../helpers/s3-test-storage';
import { setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

/*
 * The real post-import actions on uploaded files, wherever the server keeps them: on object
 * storage (TEST_STORAGE=s3) they run on copies, and what they changed or removed is changed or
 * removed in the bucket.
 */
describe('POST /downloader/collection/{id}/import?post=true with the real actions', () => {
  let t: TestApp;
  let admin: TestClient;
  let flac: Buffer;
  let mp3: Buffer;

  beforeAll(async () => {
    ({ t, admin } = await setUpApp());
    const dir = await mkdtemp(join(tmpdir(), 'musicbox-post-stored-'));
    await writeTone(join(dir, 'a.flac'), {
      seconds: 2,
      tags: { title: 'Kept', album: 'Posted', artist: 'Actor', track: 1, genre: 'Ambient' },
    });
    flac = await readFile(join(dir, 'a.flac'));
    await rm(dir, { recursive: true });
    // 64 kbps: below removeLQ's default 270.
    mp3 = await makeMp3({ title: 'Thin', album: 'Posted', artist: 'Actor', track: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rewrites the tags of one file and removes another, in the bucket too', async () => {
    const { collectionId } = (
      await admin.put('/downloader/collection/0', { name: 'Posted' })
    ).json<{
      collectionId: number;
    }>();
    const form = multipartForm([
      { filename: '01 Kept.flac', data: flac },
      { filename: '02 Thin.mp3', data: mp3 },
    ]);
    const uploaded = await admin.post(`/downloader/upload/${collectionId}`, form.body, {
      headers: form.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const before = await filesOf(t, collectionId);
    const thin = before.find((f) => f.relativePath === '02 Thin.mp3')!;
    expect(StoredFiles.isKey(thin.path)).toBe(usesS3());

    const saved = await admin.post('/api/settings', {
      defaultPost: [{ name: 'removeLQ' }, { name: 'removeGenre' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const imported = await admin.post(`/downloader/collection/${collectionId}/import?post=true`);
    expect(imported.statusCode, imported.body).toBe(200);

    const after = await filesOf(t, collectionId);
    expect(after.map((f) => f.relativePath)).toEqual(['01 Kept.flac']);
    // The removed file is gone from where it was kept, the other was replaced whole.
    await expect(storedBytes(t, thin.path)).rejects.toThrow();
    const kept = await storedBytes(t, after[0]!.path);
    expect(Buffer.compare(kept, flac)).not.toBe(0);
    const { common } = await parseAudio(kept);
    expect(common.title).toBe('Kept');
    expect(common.genre ?? []).toEqual([]);
    expect(after[0]!.title).toBe('Kept');
    await admin.post('/api/settings', { defaultPost: [] });
  });
});
