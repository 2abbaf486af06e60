import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Server } from '../../domain/servers';
import { logFileName } from '../../server/node/engine/daily-log';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { makeMp3 } from '../helpers/audio';
import { resumable, serve, sleep, startFileServer, waitForDownload } from './fixtures';
import { freePort, startNode, type NodeProcess } from './node-process';
import { setUpApp } from '../helpers/setup';

const TOKEN = 'node-token-for-the-test-0123456789';

let t: TestApp;
let admin: TestClient;
let files: Awaited<ReturnType<typeof startFileServer>>;
let mainUrl: string;
let nodeDir: string;
let nodePort: number;
let node: NodeProcess;
let serverId: number;
let slowFile: ReturnType<typeof resumable>;
let slowBody: Buffer;

beforeAll(async () => {
  const quick = await makeMp3({ title: 'Node Track', album: 'Node Album', artist: 'Remote' });
  const slow = await makeMp3({ title: 'Slow Track', album: 'Slow Album', artist: 'Remote' });
  slowFile = resumable(slow, 2500);
  slowBody = slow;
  files = await startFileServer({ '/quick.mp3': serve(quick), '/slow.mp3': slowFile.route });
  ({ t, admin } = await setUpApp({ env: { DOWNLOADER_ALLOW_PRIVATE: '1' } }));
  mainUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  nodeDir = await mkdtemp(path.join(os.tmpdir(), 'musicbox-node-'));
  nodePort = await freePort();
  node = await startNode({ dataDir: nodeDir, port: nodePort, mainUrl, token: TOKEN });
  const created = await admin.put('/api/server', {
    serverName: 'Loopback node',
    serverAddress: node.url,
    serverToken: TOKEN,
  });
  serverId = created.json<Server>().serverId;
}, 60_000);

afterAll(async () => {
  await node?.stop();
  await t.close();
  await files.close();
  await rm(nodeDir, { recursive: true, force: true });
});

describe('a node in its own process', () => {
  it('shows online, downloads a url and hands it to the main app as a collection', async () => {
    const list = (await admin.get('/api/server')).json<Server[]>();
    expect(list.find((s) => s.serverId === serverId)).toMatchObject({
      online: true,
      activeDownloads: 0,
    });

    // settings.defaultPost travels with a download that has no list of its own.
    const saved = await admin.post('/api/settings', { defaultPost: [{ name: 'detectBPM' }] });
    expect(saved.statusCode).toBe(200);
    const added = await admin.post(`/downloader/${serverId}/api/download`, {
      url: `${files.url}/quick.mp3`,
      source: 'url',
    });
    expect(added.statusCode).toBe(200);
    const done = await waitForDownload(admin, serverId, added.json<Download>().downloadId);
    expect(done).toMatchObject({ state: 'done' });
    const collection = await admin.get(`/api/audio_collection/${done.collectionId}`);
    expect(collection.statusCode).toBe(200);
    expect(collection.body).toContain('Node Track');
    // Media lives with the main app; the node keeps nothing once it handed the files over.
    const row = await t.db
      .selectFrom('files')
      .select('path')
      .where('collection_id', '=', done.collectionId!)
      .executeTakeFirstOrThrow();
    expect(row.path.startsWith(path.join(t.config.dataDir, 'media', 'downloads', 'ingest'))).toBe(
      true,
    );

    // The node's lines land in the main app's log for that server.
    const log = path.join(t.config.dataDir, 'logs', String(serverId), logFileName(new Date()));
    for (
      let i = 0;
      i < 100 && !(await readFile(log, 'utf8').catch(() => '')).includes('done: collection');
      i++
    )
      await sleep(100);
    expect(await readFile(log, 'utf8')).toMatch(/downloading with url[\s\S]*done: collection/);
    expect(await readFile(log, 'utf8')).not.toContain(TOKEN);
    // The real detectBPM ran on the node and reported on the file.
    expect(await readFile(log, 'utf8')).toMatch(/detectBPM: (no tempo found in|.* BPM)/);

    // RSS calls are forwarded too.
    const feed = await admin.post(`/downloader/${serverId}/api/rss`, {
      rssUrl: 'https://feeds.test/x.xml',
    });
    expect(feed.statusCode).toBe(200);
    expect((await admin.get(`/downloader/${serverId}/api/rss`)).json()).toHaveLength(1);
    // The node's own validation answers come back as they are.
    const bad = await admin.delete(`/downloader/${serverId}/api/download/9999`);
    expect(bad.statusCode).toBe(404);
  });

  it('refuses hand-overs without the right token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef',
      `Basic ${TOKEN}`,
    ]) {
      const response = await fetch(`${mainUrl}/downloader/ingest/begin`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        body: '{}',
      });
      expect(response.status).toBe(401);
    }
    const direct = await fetch(`${node.url}/node/api/download`);
    expect(direct.status).toBe(401);
  });

  it('after kill -9 mid-download: offline with 502, then resumes with Range to done on restart', async () => {
    // No post-action touches the file, so what arrives can be compared byte for byte.
    expect((await admin.post('/api/settings', { defaultPost: [] })).statusCode).toBe(200);
    const added = await admin.post(`/downloader/${serverId}/api/download`, {
      url: `${files.url}/slow.mp3`,
      source: 'url',
      name: 'Slow one',
    });
    const { downloadId } = added.json<Download>();
    // The first 1024 bytes are on the node's disk (the server holds the rest back).
    await waitForDownload(admin, serverId, downloadId, (d) => d.bytesDone === 1024);
    await sleep(200);
    await node.kill9();

    const offline = (await admin.get('/api/server'))
      .json<Server[]>()
      .find((s) => s.serverId === serverId)!;
    expect(offline.online).toBe(false);
    expect(offline.lastError).toMatch(/Server "Loopback node" is offline/);
    const proxied = await admin.get(`/downloader/${serverId}/api/download`);
    expect(proxied.statusCode).toBe(502);
    expect(proxied.json<{ error: string }>().error).toMatch(/Server "Loopback node" is offline/);
    // The last error is stored beside the answer (not before it): wait for the write.
    let stored: string | null = null;
    for (let i = 0; i < 50 && stored === null; i++, await sleep(50)) {
      const row = await t.db
        .selectFrom('servers')
        .select('last_error')
        .where('server_id', '=', serverId)
        .executeTakeFirstOrThrow();
      stored = row.last_error;
    }
    expect(stored).toMatch(/offline/);

    node = await startNode({ dataDir: nodeDir, port: nodePort, mainUrl, token: TOKEN });
    const done = await waitForDownload(admin, serverId, downloadId);
    expect(done.state).toBe('done');
    expect((await admin.get(`/api/audio_collection/${done.collectionId}`)).body).toContain(
      'Slow Track',
    );
    // The restarted node asked only for the rest, and the file it handed over is whole.
    expect(slowFile.ranges).toEqual([null, 'bytes=1024-']);
    const file = await t.db
      .selectFrom('files')
      .select('path')
      .where('collection_id', '=', done.collectionId!)
      .executeTakeFirstOrThrow();
    expect(await readFile(file.path)).toEqual(slowBody);
    const all = (await admin.get(`/downloader/${serverId}/api/download`)).json<Download[]>();
    expect(all.every((d) => d.state === 'done' || d.state === 'error')).toBe(true);
  }, 60_000);
});
