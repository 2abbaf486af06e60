import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3rver } from '../helpers/s3rver';
import { LocalStorage } from '../../server/storage/local-storage';
import { S3Storage } from '../../server/storage/s3-storage';
import type { Storage } from '../../server/storage/storage';

/** A started backend for the contract tests, and how to stop it. */
export interface StorageFixture {
  storage: Storage;
  /** Names of the S3 commands sent so far (S3 only): proves a write went multipart. */
  commands?: string[];
  /** Where the S3 server listens and its bucket (S3 only), for a second client on it. */
  s3?: { endpoint: string; bucket: string };
  stop(): Promise<void>;
}

export interface StorageBackend {
  name: 'local' | 's3';
  start(): Promise<StorageFixture>;
}

const local: StorageBackend = {
  name: 'local',
  async start() {
    const dir = await mkdtemp(join(tmpdir(), 'musicbox-storage-'));
    return {
      storage: new LocalStorage(dir),
      stop: () => rm(dir, { recursive: true, force: true }),
    };
  },
};

const s3: StorageBackend = {
  name: 's3',
  async start() {
    const dir = await mkdtemp(join(tmpdir(), 'musicbox-s3rver-'));
    const { port, child } = await startS3rver(dir);
    const storage = new S3Storage({
      bucket: 'musicbox-test',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await storage.client.send(new CreateBucketCommand({ Bucket: 'musicbox-test' }));
    const commands: string[] = [];
    storage.client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize' },
    );
    return {
      storage,
      commands,
      s3: { endpoint: `http://127.0.0.1:${port}`, bucket: 'musicbox-test' },
      async stop() {
        storage.client.destroy();
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

export const backends: StorageBackend[] = [local, s3];
export { s3 as s3Backend };
