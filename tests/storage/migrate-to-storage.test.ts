import { StoredPathsRepository } from '../../server/modules/media/stored-paths.repository';
import { buildRepositories } from '../../server/root/repositories';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFolder } from '../../server/jobs/library-import';
import { ImageStore } from '../../server/media/image-store';
import { LocalStorage } from '../../server/storage/local-storage';
import { migrateToStorage } from '../../server/storage/migrate-to-storage';
import { StoredFiles } from '../../server/storage/stored-files';
import { writeTone } from '../helpers/audio';
import { signInAdmin } from '../helpers/setup';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { s3Backend, type StorageFixture } from './storage-backends';

/**
 * `npm run storage:migrate` (issue 32): a library kept in DATA_DIR moves into an empty bucket;
 * the same database then serves it from there, and a second run finds nothing left to copy.
 */
describe('copying a local library into object storage', () => {
  let t: TestApp;
  let s3: StorageFixture;
  let inside: string;
  let outside: string;

  beforeAll(async () => {
    t = await createTestApp();
    s3 = await s3Backend.start();
    const music = join(t.config.dataDir, 'media', 'library', 'Kept Band - Moved');
    await mkdir(music, { recursive: true });
    inside = join(music, '01 Moved.flac');
    await writeTone(inside, {
      seconds: 2,
      tags: { title: 'Moved', artist: 'Kept Band', album: 'Moved', track: 1 },
    });
    const cover = sharp({ create: { width: 24, height: 24, channels: 3, background: '#a52' } });
    await writeFile(join(music, 'cover.jpg'), await cover.jpeg().toBuffer());
    const repo = buildRepositories(t.db, t.config.database.kind).catalogueWrite;
    const local = new ImageStore(new LocalStorage(t.config.dataDir));
    await importFolder(repo, local, join(t.config.dataDir, 'media', 'library'), {
      waveforms: false,
    });
    // A MUSIC_DIR indexed in place, outside DATA_DIR: it stays a path.
    outside = join(`${t.config.dataDir}-music`, 'Other - Stays', '01 Stays.flac');
    await mkdir(join(outside, '..'), { recursive: true });
    await writeTone(outside, { tags: { title: 'Stays', artist: 'Other', album: 'Stays' } });
    await importFolder(repo, local, `${t.config.dataDir}-music`, { waveforms: false });
    // A member's upload awaiting review, and one still arriving (never copied).
    await mkdir(join(t.config.dataDir, 'uploads'), { recursive: true });
    await writeFile(join(t.config.dataDir, 'uploads', 'a1b2-demo.flac'), 'member bytes');
    await writeFile(join(t.config.dataDir, 'uploads', '.part-77'), 'half');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const pathOf = async (title: string) =>
    await t.db
      .selectFrom('files')
      .innerJoin('audio', 'audio.file_id', 'files.file_id')
      .select(['files.file_id', 'files.path'])
      .where('audio.title', '=', title)
      .executeTakeFirstOrThrow();

  it('uploads each file under DATA_DIR whole, then points its row at the key', async () => {
    const files = new StoredFiles(s3.storage, t.config.dataDir);
    const report = await migrateToStorage(
      new StoredPathsRepository(t.db),
      files,
      t.config.dataDir,
      () => undefined,
    );
    // The track and its cover file (a companion row), plus the cover as the catalogue keeps it.
    expect(report).toMatchObject({ filesMoved: 2, filesAlreadyThere: 0, leftInPlace: 1 });
    expect(report.imagesCopied).toBe(1);
    expect(report.uploadsCopied).toBe(1);
    const upload = await s3.storage.read('uploads/a1b2-demo.flac');
    expect((await upload.toArray()).join('')).toBe('member bytes');
    expect(await s3.storage.stat('uploads/.part-77')).toBeNull();
    expect(report.missing).toEqual([]);
    const moved = await pathOf('Moved');
    expect(moved.path).toBe('media/library/Kept Band - Moved/01 Moved.flac');
    expect((await pathOf('Stays')).path).toBe(outside);
    // The local copy is kept: the admin removes it once the server runs from the bucket.
    const original = await readFile(inside);

    // The same database, now served from the bucket.
    const app = await t.rebuild({ storage: s3.storage });
    const admin = await signInAdmin({ ...t, app });
    const res = await admin.get(`/downloader/file/${moved.file_id}?playback=true`, {
      headers: { range: 'bytes=10-99' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(original.subarray(10, 100))).toBe(true);
  });

  it('finds nothing more to copy when run again', async () => {
    const files = new StoredFiles(s3.storage, t.config.dataDir);
    const report = await migrateToStorage(
      new StoredPathsRepository(t.db),
      files,
      t.config.dataDir,
      () => undefined,
    );
    expect(report).toMatchObject({
      filesMoved: 0,
      filesAlreadyThere: 0,
      imagesCopied: 0,
      uploadsCopied: 0,
    });
  });

  it('refuses to run without object storage configured', async () => {
    const files = new StoredFiles(new LocalStorage(t.config.dataDir), t.config.dataDir);
    await expect(
      migrateToStorage(new StoredPathsRepository(t.db), files, t.config.dataDir, () => undefined),
    ).rejects.toThrow(/S3_BUCKET/);
  });
});
