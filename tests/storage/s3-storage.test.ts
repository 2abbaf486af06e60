import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createStorage } from '../../server/storage/create-storage';
import { S3Storage } from '../../server/storage/s3-storage';
import { StorageNotFound, type Storage } from '../../server/storage/storage';
import { s3Backend, type StorageFixture } from './storage-backends';

/* What only the S3 implementation has: its settings, the streamed move, presigned ranges. */

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage', () => {
  let fixture: StorageFixture;
  let endpoint: string;
  let bucket: string;

  beforeAll(async () => {
    fixture = await s3Backend.start();
    ({ endpoint, bucket } = fixture.s3 ?? { endpoint: '', bucket: '' });
  });
  afterAll(() => fixture?.stop());

  const other = (options: { copyLimitBytes?: number; listPageSize?: number; bucket?: string }) =>
    new S3Storage({
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      ...options,
    });

  it('is reached from the environment alone: S3_* and the SDK’s AWS_* credentials', async () => {
    const saved = { ...process.env };
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    try {
      const config = loadConfig({
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: '1',
      });
      const storage = await createStorage(config.storage);
      await storage.write('env/check.txt', Buffer.from('from the environment'));
      expect((await readAll(fixture.storage, 'env/check.txt')).toString()).toBe(
        'from the environment',
      );
    } finally {
      process.env = saved;
    }
  });

  it('checks that its bucket answers (for /readyz): a missing bucket or a stopped service fails', async () => {
    await expect(fixture.storage.check()).resolves.toBeUndefined();
    await expect(other({ bucket: 'no-such-bucket' }).check()).rejects.toThrow();
    const nowhere = new S3Storage({
      bucket,
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await expect(nowhere.check()).rejects.toThrow();
  });

  it('moves an object over the copy limit by streaming it, and pages lists at any size', async () => {
    const small = other({ copyLimitBytes: 10, listPageSize: 7 });
    const bytes = Buffer.from('twenty-six letters, a to z');
    await small.write('big/a.flac', bytes);
    await small.move('big/a.flac', 'big/moved/a.flac');
    expect(await small.stat('big/a.flac')).toBeNull();
    expect(await readAll(small, 'big/moved/a.flac')).toEqual(bytes);

    for (let i = 0; i < 20; i++) await small.write(`paged/${i}.txt`, Buffer.from(String(i)));
    const keys: string[] = [];
    for await (const key of small.list('paged/')) keys.push(key);
    expect(keys.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `paged/${i}.txt`).sort());
  });

  it('tells a missing bucket apart from a missing object', async () => {
    await expect(fixture.storage.read('none/x.flac')).rejects.toThrow(StorageNotFound);
    const lost = other({ bucket: 'no-such-bucket' });
    await expect(lost.read('none/x.flac')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('signs URLs whose ranges any HTTP client can ask for (how ffmpeg seeks)', async () => {
    await fixture.storage.write('signed/a.bin', Buffer.from('0123456789'));
    const url = await fixture.storage.urlForReading('signed/a.bin', 60);
    const answer = await fetch(url, { headers: { Range: 'bytes=3-5' } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 3-5/10');
    expect(await answer.text()).toBe('345');
    // s3rver does not check SigV4 signatures, so only the URL's shape is checked here: the
    // signature itself is the SDK's, and only a real S3 proves it.
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
  });
});
