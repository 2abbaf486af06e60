import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createStorage } from '../../server/storage/create-storage';
import { LocalStorage } from '../../server/storage/local-storage';

describe('storage configuration', () => {
  it('keeps bytes in DATA_DIR unless S3_BUCKET is set', async () => {
    const config = loadConfig({ DATA_DIR: '/srv/musicbox' });
    expect(config.storage).toEqual({ kind: 'local', root: path.resolve('/srv/musicbox') });
    const storage = await createStorage(config.storage);
    expect(storage).toBeInstanceOf(LocalStorage);
    expect(storage.localPath('media/1/a.flac')).toBe('/srv/musicbox/media/1/a.flac');
  });

  it('turns object storage on with S3_BUCKET, region us-east-1 by default', async () => {
    expect(loadConfig({ S3_BUCKET: 'music' }).storage).toEqual({
      kind: 's3',
      bucket: 'music',
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    const config = loadConfig({
      S3_BUCKET: 'music.files',
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_REGION: 'garage',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'music.files',
      endpoint: 'http://minio.internal:9000',
      region: 'garage',
      forcePathStyle: true,
    });
    const storage = await createStorage(config.storage);
    expect(storage.kind).toBe('s3');
    expect(storage.localPath('media/1/a.flac')).toBeNull();
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_ENDPOINT is set but S3_BUCKET is not'],
    [{ S3_FORCE_PATH_STYLE: '1' }, 'S3_FORCE_PATH_STYLE is set but S3_BUCKET is not'],
    [{ S3_BUCKET: 'a' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'my bucket' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'music', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must'],
    [{ S3_BUCKET: 'music', S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT must start with'],
    [{ S3_BUCKET: 'music', S3_REGION: 'eu west' }, 'S3_REGION must be a region name'],
    [{ S3_BUCKET: 'music', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be'],
  ])('refuses %j at start', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
