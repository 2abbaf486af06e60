import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { buildRepositories } from '../../server/root/repositories';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillLoudness } from '../../server/jobs/loudness-backfill';
import { CatalogueWriteRepository } from '../../server/modules/catalogue/catalogue-write.repository';
import { createStorage } from '../../server/storage/create-storage';
import { StoredFiles } from '../../server/storage/stored-files';
import { writeTone } from '../helpers/audio';
import type { TestClient } from '../helpers/client';
import { filesOf } from '../helpers/library-files';
import { multipartForm } from '../helpers/multipart';
import { usesS3 } from '../helpers/s3-test-storage';
import { setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

/*
 * The loudness backfill reads each row's file where the server keeps it: a path on this
 * machine, or (TEST_STORAGE=s3) a storage key that ffmpeg reads through a presigned URL.
 */
describe('loudness backfill of uploaded tracks', () => {
  let t: TestApp;
  let admin: TestClient;
  let repo: CatalogueWriteRepository;
  let files: StoredFiles;
  let path: string;

  beforeAll(async () => {
    ({ t, admin } = await setUpApp());
    repo = buildRepositories(t.db, t.config.database.kind).catalogueWrite;
    files = new StoredFiles(await createStorage(t.config.storage), t.config.dataDir);
    const dir = await mkdtemp(join(tmpdir(), 'musicbox-loudness-storage-'));
    // -12 dB from lavfi's default sine: about -33.8 LUFS.
    await writeTone(join(dir, '01.flac'), {
      seconds: 3,
      args: ['-af', 'volume=-12dB'],
      tags: { title: 'Quiet', album: 'Kept', artist: 'Meter', track: 1 },
    });
    const { collectionId } = (await admin.put('/downloader/collection/0', { name: 'Kept' })).json<{
      collectionId: number;
    }>();
    const form = multipartForm([
      { filename: '01.flac', data: await readFile(join(dir, '01.flac')) },
    ]);
    const uploaded = await admin.post(`/downloader/upload/${collectionId}`, form.body, {
      headers: form.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await rm(dir, { recursive: true });
    expect((await admin.post(`/downloader/collection/${collectionId}/import`)).statusCode).toBe(
      200,
    );
    path = (await filesOf(t, collectionId))[0]?.path ?? '';
    // The row names a key in the bucket on object storage, a file on this machine otherwise.
    expect(StoredFiles.isKey(path)).toBe(usesS3());
    // As a library imported before loudness was measured.
    await t.db.updateTable('audio').set({ loudness: null, true_peak: null }).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('measures the file the row names, wherever it is kept', async () => {
    expect(await backfillLoudness(repo, { files })).toEqual({ measured: 1, failed: 0 });
    const row = await t.db.selectFrom('audio').select(['loudness', 'true_peak']).executeTakeFirst();
    expect(row?.loudness).toBeCloseTo(-33.8, 0);
    expect(row?.true_peak).toBeCloseTo(-30.1, 0);
  });

  it.runIf(usesS3())(
    'cannot read a stored key as a path (what the backfill did before)',
    async () => {
      await t.db
        .updateTable('audio')
        .set({ loudness: null, true_peak: null, loudness_attempts: 0 })
        .execute();
      expect(await backfillLoudness(repo)).toEqual({ measured: 0, failed: 1 });
    },
  );
});
