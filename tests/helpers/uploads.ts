import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createStorage } from '../../server/storage/create-storage';
import { StoredFiles } from '../../server/storage/stored-files';
import { usesS3 } from './s3-test-storage';
import type { TestApp } from './test-app';
import type { TestClient } from './client';
import { multipartForm } from './multipart';
import { registerMember, registerMembers, setUpApp, type AppSetup, type Member } from './setup';

/** Small enough that tests can go over it; the lowest value the config accepts. */
export const AUDIO_MAX = 1024 * 1024;

/** The admin, two confirmed members and one who has not confirmed the e-mail. */
export interface UploadsSetup extends AppSetup {
  member: Member;
  other: Member;
  unconfirmed: Member;
}

export async function setUpUploads(env: Record<string, string> = {}): Promise<UploadsSetup> {
  const app = await setUpApp({ env: { UPLOAD_MAX_BYTES: String(AUDIO_MAX), ...env } });
  const [member, other] = await registerMembers(app.t, ['member', 'other'], { confirmed: true });
  return { ...app, member, other, unconfirmed: await registerMember(app.t, 'unconfirmed') };
}

export function upload(
  client: TestClient,
  filename: string,
  content: Buffer,
): Promise<LightMyRequestResponse> {
  const { body, headers } = multipartForm([{ filename, data: content }]);
  return client.post('/api/upload', body, { headers });
}

/** Uploads and answers the new id; fails the test on anything but 200. */
export async function uploadOk(
  client: TestClient,
  filename: string,
  content: Buffer,
): Promise<number> {
  const response = await upload(client, filename, content);
  if (response.statusCode !== 200) {
    throw new Error(`upload of ${filename} failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ uploadId: number }>().uploadId;
}

const withHead = (head: Buffer | string, size = 200): Buffer => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : head;
  return Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length), 0x55)]);
};

/** The first bytes of each accepted format, padded to a small file. */
export const samples = {
  flac: () => withHead('fLaC\0\0\0\x22'),
  mp3Id3: () => withHead('ID3\x04\0\0\0\0\0\0'),
  mp3Frame: () => withHead(Buffer.from([0xff, 0xfb, 0x90, 0x64])),
  ogg: () => withHead('OggS\0\x02'),
  wav: () => withHead('RIFF\x24\0\0\0WAVEfmt '),
  aiff: () => withHead('FORM\0\0\0\x40AIFFCOMM'),
  m4a: () => withHead('\0\0\0\x20ftypM4A \0\0\0\0'),
  wma: () => withHead(Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9])),
  png: () => withHead(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: () => withHead(Buffer.from([0xff, 0xd8, 0xff, 0xe0])),
  webp: () => withHead('RIFF\x24\0\0\0WEBPVP8 '),
  gif: () => withHead('GIF89a\x01\0\x01\0'),
  pdf: () => withHead('%PDF-1.7\n'),
  text: () => Buffer.from('Track 01 played twice\nÅngström — ok ✓\n', 'utf8'),
};

/** The stored files of a test app: its DATA_DIR, or its bucket in the TEST_STORAGE=s3 run. */
const storedFilesOf = async (t: TestApp): Promise<StoredFiles> =>
  new StoredFiles(await createStorage(t.config.storage), t.config.dataDir);

/**
 * The bytes kept for an upload's public path ("uploads/<stored name>"), or null when nothing is
 * kept: the file under DATA_DIR, or the object "uploads/<stored name>" with S3 on.
 */
export async function keptUpload(t: TestApp, publicPath: string): Promise<Buffer | null> {
  const files = await storedFilesOf(t);
  const ref = files.refFor(join(t.config.dataDir, publicPath));
  if ((await files.stat(ref)) === null) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await files.read(ref)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Removes what is kept for an upload (as someone cleaning the disk or the bucket would). */
export async function removeKeptUpload(t: TestApp, publicPath: string): Promise<void> {
  const files = await storedFilesOf(t);
  await files.remove(files.refFor(join(t.config.dataDir, publicPath)));
}

/**
 * With S3 on: the upload's bytes are the object "uploads/<stored name>" in the bucket and no
 * file under DATA_DIR holds them (neither the kept name nor a temporary one). Nothing to check
 * on the local folder, where the file under DATA_DIR is the kept copy.
 */
export async function expectOnlyInBucket(
  t: TestApp,
  publicPath: string,
  content: Buffer,
): Promise<void> {
  if (!usesS3()) return;
  const storage = await createStorage(t.config.storage);
  const keys: string[] = [];
  for await (const key of storage.list('uploads/')) keys.push(key);
  expect(keys).toContain(publicPath);
  expect(await keptUpload(t, publicPath)).toEqual(content);
  for (const file of await filesUnder(t.config.dataDir)) {
    if ((await stat(file)).size !== content.length) continue;
    expect((await readFile(file)).equals(content), `${file} holds the upload's bytes`).toBe(false);
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
