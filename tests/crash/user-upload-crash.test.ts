import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMp3 } from '../helpers/audio';
import { ADMIN_PASSWORD, crashBench } from './crash-server';
import { HttpClient } from './http-client';

/**
 * kill -9 while a member's upload is imported into a collection (issue 31 §3), once its file
 * has a row in the collection and before the import finished: after the restart the upload is
 * still offered (not silently lost, not reported done), the same import completes it, and the
 * collection holds the file once, whole and imported, with nothing half-written left.
 */
describe('kill -9 during a user upload import', () => {
  it('leaves the upload offered, and importing it again imports it once', async () => {
    const bench = await crashBench();
    try {
      const track = await makeMp3({ title: 'Offered', track: 1, album: 'Users', artist: 'Member' });
      let server = await bench.start();
      const admin = new HttpClient(server.url);
      await admin.login('admin', ADMIN_PASSWORD);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(track)]), 'Offered Song.mp3');
      const uploaded = await fetch(`${server.url}/api/upload`, {
        method: 'POST',
        headers: admin.sessionHeaders(),
        body: form,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const { uploadId } = (await uploaded.json()) as { uploadId: number };
      await admin.json('POST', '/api/upload/music', { uploadId, description: 'Mine' });
      const { collectionId } = await admin.json<{ collectionId: number }>(
        'PUT',
        '/downloader/collection/0',
        { name: 'From users' },
      );
      const filesIn = () =>
        bench.db
          .selectFrom('files')
          .select(['file_id', 'path'])
          .where('collection_id', '=', collectionId)
          .execute();

      const importing = admin
        .request('POST', `/api/upload/${uploadId}/import`, { json: { collectionId, serverId: 0 } })
        .then((res) => res.status)
        .catch(() => 'cut');
      for (let i = 0; (await filesIn()).length === 0; i++) {
        if (i > 3000) throw new Error('the file never reached the collection');
        await new Promise((done) => setTimeout(done, 5));
      }
      await server.kill9();
      // Finished before the kill, the test would prove nothing.
      expect(await importing).toBe('cut');

      server = await bench.start();
      admin.baseUrl = server.url;
      const offered = await admin.json<{ items: { uploadId: number }[] }>(
        'GET',
        '/api/upload/music?count=100',
      );
      expect(offered.items.map((item) => item.uploadId)).toEqual([uploadId]);

      const again = await admin.request('POST', `/api/upload/${uploadId}/import`, {
        json: { collectionId, serverId: 0 },
      });
      expect(again.status, await again.clone().text()).toBe(200);
      const { fileId } = (await again.json()) as { fileId: number };
      const files = await filesIn();
      expect(files.map((f) => f.file_id)).toEqual([fileId]);
      expect(Buffer.compare(await readFile(files[0]!.path), track)).toBe(0);
      const audio = await bench.db
        .selectFrom('audio')
        .select('title')
        .where('file_id', '=', fileId)
        .execute();
      expect(audio).toEqual([{ title: 'Offered' }]);
      // The collection's folder holds the one file, no half-written copy beside it.
      const folder = join(files[0]!.path, '..');
      expect(await readdir(folder)).toEqual([files[0]!.path.slice(folder.length + 1)]);
      const left = await admin.json<{ items: unknown[] }>('GET', '/api/upload/music?count=100');
      expect(left.items).toEqual([]);
      await server.kill9();
    } finally {
      await bench.close();
    }
  }, 180_000);
});
