import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMp3 } from '../helpers/audio';
import { ADMIN_PASSWORD, crashBench } from './crash-server';
import { HttpClient } from './http-client';

const TOKEN = 'crash-node-token-0123456789abcdef';

async function filesUnder(dir: string): Promise<Array<{ path: string; size: number }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (path) => ({ path, size: (await stat(path)).size })));
}

/**
 * kill -9 while a node streams a file of its hand-over (issue 31 §3): after the restart no
 * half-received file is left (under its name or any other), and the node sends the same file
 * to the same hand-over again and finishes it into one collection holding the file whole.
 */
describe('kill -9 during a node hand-over', () => {
  it('leaves no partial file, and the file can be sent again', async () => {
    const bench = await crashBench();
    try {
      const track = await makeMp3({ title: 'Handed', track: 1, album: 'Over', artist: 'Node' });
      let server = await bench.start();
      const admin = new HttpClient(server.url);
      await admin.login('admin', ADMIN_PASSWORD);
      await admin.json('PUT', '/api/server', {
        serverName: 'Node',
        serverAddress: 'http://127.0.0.1:9',
        serverToken: TOKEN,
      });
      const node = (method: string, path: string, body?: BodyInit, more: RequestInit = {}) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${TOKEN}`,
            ...(body ? { 'content-type': 'application/octet-stream' } : {}),
          },
          body,
          ...more,
        });
      const { ingestId } = (await (await node('POST', '/downloader/ingest/begin')).json()) as {
        ingestId: string;
      };
      const filePath = `/downloader/ingest/${ingestId}/file?path=${encodeURIComponent('Over/01.mp3')}`;
      const ingestRoot = join(bench.dataDir, 'media', 'downloads', 'ingest');

      // Half the file arrives and the body stays open: killed mid-body.
      const half = Math.floor(track.length / 2);
      const body = new ReadableStream({ start: (c) => c.enqueue(track.subarray(0, half)) });
      const cut = node('PUT', filePath, body, { duplex: 'half' } as RequestInit).catch(() => 'cut');
      for (let i = 0; !(await filesUnder(ingestRoot)).some((f) => f.size >= half); i++) {
        if (i > 3000) throw new Error('the first half never arrived');
        await new Promise((done) => setTimeout(done, 10));
      }
      await server.kill9();
      expect(await cut).toBe('cut');

      server = await bench.start();
      expect(await filesUnder(ingestRoot)).toEqual([]);
      const again = await node('PUT', filePath, new Uint8Array(track));
      expect(again.status).toBe(204);
      const finished = await node('POST', `/downloader/ingest/${ingestId}/finish`);
      expect(finished.status, await finished.clone().text()).toBe(200);
      const { collectionId } = (await finished.json()) as { collectionId: number };

      const files = await bench.db.selectFrom('files').select(['path', 'collection_id']).execute();
      expect(files.map((f) => f.collection_id)).toEqual([collectionId]);
      expect(Buffer.compare(await readFile(files[0]!.path), track)).toBe(0);
      expect((await filesUnder(ingestRoot)).filter((f) => f.path !== files[0]!.path)).toEqual([]);
      await server.kill9();
    } finally {
      await bench.close();
    }
  }, 180_000);
});
