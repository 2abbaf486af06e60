import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download } from '../../domain/servers';
import { logFileName } from '../../server/node/engine/daily-log';
import { TestClient } from '../helpers/client';
import { ADMIN, type TestApp } from '../helpers/test-app';
import { makeMp3 } from '../helpers/audio';
import { makeRawZip, makeZip, serve, startFileServer, trickle, waitForDownload } from './fixtures';
import { setUpApp } from '../helpers/setup';

let t: TestApp;
let admin: TestClient;
let files: Awaited<ReturnType<typeof startFileServer>>;

beforeAll(async () => {
  const single = await makeMp3({
    title: 'Lone Track',
    album: 'Single Album',
    artist: 'Url Artist',
  });
  const first = await makeMp3({ title: 'Zip One', album: 'Zipped Album', artist: 'Zip Artist' });
  const second = await makeMp3({ title: 'Zip Two', album: 'Zipped Album', artist: 'Zip Artist' });
  const zip = await makeZip({ 'Zipped Album/01.mp3': first, 'Zipped Album/02.mp3': second });
  const gone = await makeMp3({ title: 'Never Landed', album: 'Deleted Meanwhile', artist: 'Url' });
  const evil = await makeRawZip({ 'XX/XX/escape.mp3': first }, 'XX/XX/', '../../');
  files = await startFileServer({
    '/single.mp3': serve(single, 'audio/mpeg'),
    '/album.zip': serve(zip, 'application/zip'),
    '/evil.zip': serve(evil, 'application/zip'),
    '/page.mp3': serve('<html>not audio</html>', 'audio/mpeg'),
    '/big.mp3': serve(Buffer.alloc(200 * 1024, 0xff)),
    '/gone.mp3': trickle(gone, 1500),
  });
  ({ t, admin } = await setUpApp({
    env: { DOWNLOADER_ALLOW_PRIVATE: '1', DOWNLOADER_MAX_BYTES: String(100 * 1024) },
  }));
});
afterAll(async () => {
  await t.close();
  await files.close();
});

async function download(url: string, name?: string): Promise<Download> {
  const response = await admin.post('/downloader/0/api/download', {
    url,
    source: 'url',
    ...(name ? { name } : {}),
  });
  expect(response.statusCode).toBe(200);
  return waitForDownload(admin, 0, response.json<Download>().downloadId);
}

describe('the url source on the local server', () => {
  it('turns a link to one audio file into a new collection', async () => {
    const done = await download(`${files.url}/single.mp3`);
    expect(done).toMatchObject({ state: 'done', message: null });
    expect(done.bytesDone).toBeGreaterThan(1000);
    const collection = await admin.get(`/api/audio_collection/${done.collectionId}`);
    expect(collection.statusCode).toBe(200);
    expect(collection.body).toContain('Single Album');
    expect(collection.body).toContain('Lone Track');
    const home = await admin.get('/api/homepage');
    expect(home.body).toContain('Single Album');
  });

  it('unpacks a zip of one album into one collection', async () => {
    const done = await download(`${files.url}/album.zip`);
    expect(done.state).toBe('done');
    const collection = await admin.get(`/api/audio_collection/${done.collectionId}`);
    expect(collection.body).toContain('Zip One');
    expect(collection.body).toContain('Zip Two');
  });

  it('refuses what is not audio, an escaping zip entry and a file over the size limit', async () => {
    expect(await download(`${files.url}/page.mp3`)).toMatchObject({
      state: 'error',
      message: 'the link is not an audio file or a zip of one album',
    });
    const evil = await download(`${files.url}/evil.zip`);
    expect(evil.state).toBe('error');
    expect(evil.message).toMatch(/invalid relative path/);
    const written = await readdir(path.join(t.config.dataDir, 'media'), { recursive: true });
    expect(written.filter((f) => f.includes('escape'))).toEqual([]);
    expect(await download(`${files.url}/big.mp3`)).toMatchObject({
      state: 'error',
      message: `the file is larger than the limit of ${100 * 1024} bytes`,
    });
    expect((await download(`${files.url}/missing.mp3`)).message).toMatch(/HTTP 404/);
  });

  it('on start, picks up downloads a stopped process left mid-way: each ends done or error', async () => {
    const now = new Date().toISOString();
    const left = { server_id: 0, keep_original: 0, options: '{}', added_at: now, updated_at: now };
    await t.db
      .insertInto('downloads')
      .values([
        { ...left, source: 'url', url: `${files.url}/single.mp3`, state: 'downloading' },
        { ...left, source: 'url', url: `${files.url}/album.zip`, state: 'importing' },
        { ...left, source: 'deezer', url: 'https://www.deezer.com/album/1', state: 'processing' },
        { ...left, source: 'url', url: `${files.url}/single.mp3`, state: 'queued' },
      ])
      .execute();
    const restarted = new TestClient(await t.rebuild());
    await restarted.login(ADMIN.username, ADMIN.password);
    const ids = (await restarted.get('/downloader/0/api/download'))
      .json<Download[]>()
      .map((d) => d.downloadId);
    const settled = await Promise.all(
      ids.slice(0, 4).map((id) => waitForDownload(restarted, 0, id)),
    );
    expect(settled.map((d) => d.state).sort()).toEqual(['done', 'done', 'done', 'error']);
    expect(settled.find((d) => d.state === 'error')?.message).toBe(
      'no downloader for deezer on this server',
    );
  });

  it('does not import a download deleted while it ran (by another app server)', async () => {
    const response = await admin.post('/downloader/0/api/download', {
      url: `${files.url}/gone.mp3`,
      source: 'url',
    });
    const { downloadId } = response.json<Download>();
    await waitForDownload(admin, 0, downloadId, (d) => d.state === 'downloading');
    // Straight from the table: another server's delete, which this process's cancel never saw.
    await t.db.deleteFrom('downloads').where('download_id', '=', downloadId).execute();
    const log = path.join(t.config.dataDir, 'logs', '0', logFileName(new Date()));
    for (
      let i = 0;
      !(await readFile(log, 'utf8')).includes(`[download ${downloadId}] deleted`);
      i++
    ) {
      if (i > 100) throw new Error('the run never noticed the delete');
      await new Promise((r) => setTimeout(r, 100));
    }
    const home = await admin.get('/api/homepage');
    expect(home.body).not.toContain('Deleted Meanwhile');
  });

  it("writes each step to the local server's daily log", async () => {
    const dir = path.join(t.config.dataDir, 'logs', '0');
    const [file] = await readdir(dir);
    expect(file).toBe(logFileName(new Date()));
    const text = await readFile(path.join(dir, file!), 'utf8');
    expect(text).toMatch(/\[download \d+\] downloading with url/);
    expect(text).toMatch(/post-import actions: none/);
    expect(text).toMatch(/done: collection \d+/);
  });
});
