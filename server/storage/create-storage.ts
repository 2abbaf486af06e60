import { LocalStorage } from './local-storage';
import type { Storage } from './storage';
import type { StorageConfig } from './storage-config';

/**
 * The storage the config names. The AWS SDK is loaded only when S3 is on: a server on a local
 * folder never pays for it at start.
 */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  switch (config.kind) {
    case 'local':
      return new LocalStorage(config.root);
    case 's3': {
      const { S3Storage } = await import('./s3-storage');
      return new S3Storage(config);
    }
  }
}
