import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMp3 } from '../helpers/audio';
import { ADMIN_PASSWORD, crashBench } from './crash-server';
import { HttpClient } from './http-client';

const TUS = { 'tus-resumable': '1.0.0' };
const meta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** Resolves once the file at `path` holds at least `size` bytes. */
async function untilSize(path: string, size: number): Promise<void> {
  for (let i = 0; ; i++) {
    const current = await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    if (current >= size) return;
    if (i > 3000) throw new Error(`${path} never reached ${size} bytes`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

/**
 * kill -9 in the middle of a tus PATCH (issue 31 §3): the restarted server answers HEAD with
 * the offset it kept, the PATCH from there finishes the upload, and the file that lands in the
 * collection is the one sent, byte for byte, with nothing left in the tus folder.
 */
describe('kill -9 during a tus upload', () => {
  it('resumes from the kept offset after the restart; the file is byte-identical', async () => {
    const bench = await crashBench();
    try {
      const track = await makeMp3({ title: 'Cut', track: 1, album: 'Crash', artist: 'Band' });
      let server = await bench.start();
      const admin = new HttpClient(server.url);
      await admin.login('admin', ADMIN_PASSWORD);
      const { collectionId } = await admin.json<{ collectionId: number }>(
        'PUT',
        '/downloader/collection/0',
        { name: 'Tus crash' },
      );
      const created = await admin.request('POST', '/downloader/tus', {
        headers: {
          ...TUS,
          'upload-length': String(track.length),
          'upload-metadata': meta({ collectionId: String(collectionId), filename: 'Cut.mp3' }),
        },
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location') ?? '';
      const stored = join(bench.dataDir, 'tus', location.split('/').pop() ?? '');

      // Half the body is sent and the stream stays open: the PATCH is mid-way when killed.
      const half = Math.floor(track.length / 2);
      const body = new ReadableStream({ start: (c) => c.enqueue(track.subarray(0, half)) });
      const cut = fetch(`${server.url}${location}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          ...admin.sessionHeaders(),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body,
        duplex: 'half',
      } as RequestInit).catch(() => 'cut');
      await untilSize(stored, half);
      await server.kill9();
      expect(await cut).toBe('cut');

      server = await bench.start();
      admin.baseUrl = server.url;
      const head = await admin.request('HEAD', location, { headers: TUS });
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBe(half);
      const rest = await admin.request('PATCH', location, {
        headers: {
          ...TUS,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(track.subarray(offset)),
      });
      expect(rest.status).toBe(204);

      const files = await bench.db
        .selectFrom('files')
        .select(['path'])
        .where('collection_id', '=', collectionId)
        .execute();
      expect(files).toHaveLength(1);
      expect(Buffer.compare(await readFile(files[0]!.path), track)).toBe(0);
      const folder = join(files[0]!.path, '..');
      expect(await readdir(folder)).toEqual([files[0]!.path.split('/').pop()]);
      expect(await readdir(join(bench.dataDir, 'tus'))).toEqual([]);
      await server.kill9();
    } finally {
      await bench.close();
    }
  }, 180_000);
});
