import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/node/net/free-port';
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

/**
 * s3rver (a local server that speaks the S3 protocol) on a free port, its objects in a temporary
 * folder. It runs as a child process because its list continuation tokens use DES, which
 * Node's OpenSSL 3 only offers with --openssl-legacy-provider: in-process, every list past its
 * first page fails with InternalError.
 */
async function startS3rver(dir: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const bin = fileURLToPath(new URL('../../node_modules/s3rver/bin/s3rver.js', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', bin, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited: ${stderr}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket.end() !== null));
      socket.on('error', () => resolve(false));
    });
    if (open) return { port, child };
    if (Date.now() > deadline) throw new Error(`s3rver did not listen on ${port}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
