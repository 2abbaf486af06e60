import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/node/net/free-port';

/**
 * s3rver (a local server that speaks the S3 protocol) on a free port, its objects in a temporary
 * folder. It runs as a child process because its list continuation tokens use DES, which
 * Node's OpenSSL 3 only offers with --openssl-legacy-provider: in-process, every list past its
 * first page fails with InternalError.
 */
export async function startS3rver(dir: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  // s3rver with ListParts and AbortMultipartUpload added (tus uploads need them).
  const script = fileURLToPath(new URL('./s3rver-with-parts.mjs', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', script, dir, '127.0.0.1', String(port)],
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

/** s3rver takes any credentials; the SDK still wants some. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** An SDK client for an s3rver, with a bucket made on it when `bucket` is given. */
export async function s3rverClient(endpoint: string, bucket?: string): Promise<S3Client> {
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  if (bucket !== undefined) await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return client;
}
