import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestApp } from '../helpers/test-app';
import { testFfmpeg } from '../helpers/ffmpeg';
import { userWithRole } from '../media/media-helpers';

const run = promisify(execFile);

/** A short tagged MP3 made by ffmpeg (real audio, so the import reads real tags). */
export async function makeMp3(
  title: string,
  track: number,
  album = 'Test Upload',
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'musicbox-upl-'));
  const out = join(dir, 'a.mp3');
  try {
    await run(testFfmpeg(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${300 + track * 50}:duration=1`,
      '-metadata',
      `title=${title}`,
      '-metadata',
      'artist=Uploader Band',
      '-metadata',
      `album=${album}`,
      '-metadata',
      `track=${track}`,
      '-codec:a',
      'libmp3lame',
      '-b:a',
      '64k',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface Part {
  filename: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body with these files (field "file"). */
export function multipartFiles(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----musicbox${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A signed-in user whose role may upload, e-mail confirmed unless told otherwise. */
export async function uploader(t: TestApp, confirmed = true) {
  const client = await userWithRole(t, { can_upload: 1 });
  await t.db
    .updateTable('users')
    .set({ email_confirmed: confirmed ? 1 : 0 })
    .where('user_id', '=', client.userId)
    .execute();
  return client;
}

export const confirmedUser = async (t: TestApp) => {
  const client = await userWithRole(t, { can_upload: 0 });
  await t.db
    .updateTable('users')
    .set({ email_confirmed: 1 })
    .where('user_id', '=', client.userId)
    .execute();
  return client;
};

export async function collectionFiles(t: TestApp, collectionId: number) {
  return t.db
    .selectFrom('files')
    .leftJoin('audio', 'audio.file_id', 'files.file_id')
    .select(['files.file_id', 'files.path', 'files.relative_path', 'audio.title'])
    .where('files.collection_id', '=', collectionId)
    .orderBy('files.relative_path')
    .execute();
}
