import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_TOKEN, type Download, type RssFeed, type Server } from '../../domain/servers';
import { createTorrentSource } from '../../server/node/sources/torrent/torrent-source';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { waitForDownload } from './fixtures';
import { type Member, registerMember, setUpApp } from '../helpers/setup';

let t: TestApp;
let admin: TestClient;
let member: Member;
let anonymous: TestClient;

const NODE = {
  serverName: 'Attic node',
  serverAddress: 'http://127.0.0.1:9/',
  serverToken: 'attic-node-token-0123456789',
};

beforeAll(async () => {
  ({ t, admin } = await setUpApp());
  member = await registerMember(t, 'member');
  anonymous = new TestClient(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('/api/server', () => {
  it('lists the built-in local server, online, with the four spec keys', async () => {
    const response = await admin.get('/api/server');
    expect(response.statusCode).toBe(200);
    const [local] = response.json<Server[]>();
    expect(local).toMatchObject({
      serverId: 0,
      serverName: 'Local',
      serverAddress: 'http://musicbox.test',
      serverToken: MASKED_TOKEN,
      online: true,
      activeDownloads: 0,
    });
  });

  it('creates, edits and deletes a node; its token is never sent back', async () => {
    const created = await admin.put('/api/server', NODE);
    expect(created.statusCode).toBe(200);
    const server = created.json<Server>();
    expect(server).toMatchObject({
      serverName: 'Attic node',
      serverAddress: 'http://127.0.0.1:9',
      serverToken: MASKED_TOKEN,
      online: false,
    });
    expect(server.lastError).toMatch(/Server "Attic node" is offline/);
    const listed = (await admin.get('/api/server')).body;
    expect(listed).not.toContain(NODE.serverToken);

    const edited = await admin.post(`/api/server/${server.serverId}`, { serverName: 'Cellar' });
    expect(edited.json<Server>().serverName).toBe('Cellar');
    const row = await t.db
      .selectFrom('servers')
      .select('token')
      .where('server_id', '=', server.serverId)
      .executeTakeFirstOrThrow();
    expect(row.token).toBe(NODE.serverToken);

    expect((await admin.delete(`/api/server/${server.serverId}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/server/${server.serverId}`)).statusCode).toBe(404);
  });

  it('keeps the local server: no delete, no new address', async () => {
    const refused = await admin.delete('/api/server/0');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'The local server cannot be deleted' });
    expect((await admin.post('/api/server/0', { serverAddress: 'http://x.test' })).statusCode).toBe(
      400,
    );
    expect((await admin.post('/api/server/0', { serverName: 'Here' })).statusCode).toBe(200);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    for (const [body, text] of [
      [{ ...NODE, serverName: '' }, 'serverName'],
      [{ ...NODE, serverAddress: 'ftp://node' }, 'serverAddress'],
      [{ ...NODE, serverAddress: 'javascript:alert(1)' }, 'serverAddress'],
      [{ ...NODE, serverToken: 'short' }, 'serverToken'],
      [{ ...NODE, serverToken: 'has spaces in the token here' }, 'serverToken'],
      [{ ...NODE, extra: 1 }, ''],
    ] as const) {
      const response = await admin.put('/api/server', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(text);
    }
    expect((await admin.get('/api/server')).json<Server[]>()).toHaveLength(1);
    expect((await admin.post('/api/server/abc', { serverName: 'x' })).statusCode).toBe(400);
    expect((await admin.post('/api/server/999', { serverName: 'x' })).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    expect((await anonymous.get('/api/server')).statusCode).toBe(401);
    expect((await anonymous.put('/api/server', NODE)).statusCode).toBe(401);
    expect((await member.get('/api/server')).statusCode).toBe(403);
    expect((await member.put('/api/server', NODE)).statusCode).toBe(403);
    expect((await member.post('/api/server/0', { serverName: 'x' })).statusCode).toBe(403);
    expect((await member.delete('/api/server/0')).statusCode).toBe(403);
    expect((await admin.put('/api/server', NODE, { noXsrf: true })).statusCode).toBe(403);
  });
});

describe('/downloader/{id}/api/download', () => {
  it('queues a deezer download that ends in a clear error (no plug-in installed)', async () => {
    const response = await admin.post('/downloader/0/api/download', {
      url: 'https://www.deezer.com/album/302127',
      source: 'deezer',
      name: 'Discovery',
      keepOriginal: true,
      options: { quality: 'FLAC' },
      postActions: [{ name: 'removeLQ', options: { minBitrate: 270 } }],
    });
    expect(response.statusCode).toBe(200);
    const download = response.json<Download>();
    expect(download).toMatchObject({ name: 'Discovery', source: 'deezer' });
    const settled = await waitForDownload(admin, 0, download.downloadId);
    expect(settled).toMatchObject({
      state: 'error',
      message: 'no downloader for deezer on this server',
    });
    const list = (await admin.get('/downloader/0/api/download')).json<Download[]>();
    expect(Object.keys(list[0]!)).toEqual(
      expect.arrayContaining(['downloadId', 'name', 'source', 'state', 'addedAt']),
    );
  });

  it('runs the real torrent source: a dropped file that is no torrent ends in a clear error', async () => {
    const notATorrent = Buffer.alloc(600, 7).toString('base64');
    const response = await admin.post('/downloader/0/api/download', {
      url: notATorrent,
      source: 'torrent',
      name: 'Dropped',
    });
    expect(response.statusCode).toBe(200);
    const download = response.json<Download>();
    expect(download.url).toBe('[torrent file: Dropped]');
    const settled = await waitForDownload(admin, 0, download.downloadId);
    expect(settled).toMatchObject({ state: 'error', message: 'this is not a .torrent file' });
  });

  it('starts without aria2c on PATH, and then says torrent needs aria2', async () => {
    const emptyBin = await mkdtemp(path.join(os.tmpdir(), 'no-aria2-'));
    const bare = await createTestApp({
      downloader: { sources: [createTorrentSource({ pathEnv: emptyBin })] },
    });
    try {
      const bareAdmin = new TestClient(bare.app);
      await bareAdmin.login(ADMIN.username, ADMIN.password);
      const response = await bareAdmin.post('/downloader/0/api/download', {
        url: `magnet:?xt=urn:btih:${'ab'.repeat(20)}`,
        source: 'torrent',
      });
      expect(response.statusCode).toBe(200);
      const settled = await waitForDownload(bareAdmin, 0, response.json<Download>().downloadId);
      expect(settled).toMatchObject({
        state: 'error',
        message: 'torrent source unavailable: install aria2',
      });
    } finally {
      await bare.close();
      await rm(emptyBin, { recursive: true, force: true });
    }
  });

  it('deletes a download by body or by path', async () => {
    const add = async () =>
      (
        await admin.post('/downloader/0/api/download', {
          url: 'https://open.spotify.com/x',
          source: 'spotify',
        })
      ).json<Download>().downloadId;
    const first = await add();
    const second = await add();
    expect(
      (await admin.request('DELETE', '/downloader/0/api/download', { body: { downloadId: first } }))
        .statusCode,
    ).toBe(204);
    expect((await admin.delete(`/downloader/0/api/download/${second}`)).statusCode).toBe(204);
    const ids = (await admin.get('/downloader/0/api/download'))
      .json<Download[]>()
      .map((d) => d.downloadId);
    expect(ids).not.toContain(first);
    expect(ids).not.toContain(second);
    expect((await admin.delete(`/downloader/0/api/download/${second}`)).statusCode).toBe(404);
    expect(
      (await admin.request('DELETE', '/downloader/0/api/download', { body: {} })).statusCode,
    ).toBe(400);
  });

  it('refuses bad input and unknown servers', async () => {
    for (const body of [
      {},
      { url: 'https://x.test/a.mp3' },
      { url: 'https://x.test/a.mp3', source: 'ftp' },
      { url: 'file:///etc/passwd', source: 'url' },
      { url: 'not a link', source: 'url' },
      { url: '%'.repeat(600), source: 'torrent' },
      { url: 'https://x.test/a.mp3', source: 'url', postActions: 'removeLQ' },
      { url: 'https://x.test/a.mp3', source: 'url', surprise: true },
    ]) {
      const response = await admin.post('/downloader/0/api/download', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
    expect((await admin.get('/downloader/77/api/download')).statusCode).toBe(404);
    expect((await admin.get('/downloader/x/api/download')).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const body = { url: 'https://x.test/a.mp3', source: 'url' };
    expect((await anonymous.get('/downloader/0/api/download')).statusCode).toBe(401);
    expect((await anonymous.post('/downloader/0/api/download', body)).statusCode).toBe(401);
    expect((await member.get('/downloader/0/api/download')).statusCode).toBe(403);
    expect((await member.post('/downloader/0/api/download', body)).statusCode).toBe(403);
    expect((await member.delete('/downloader/0/api/download/1')).statusCode).toBe(403);
  });
});

describe('/downloader/{id}/api/rss', () => {
  it('adds a feed with checkInterval 30 by default, lists and deletes it', async () => {
    const response = await admin.post('/downloader/0/api/rss', {
      rssUrl: 'https://feeds.test/releases.xml',
      rssCookies: 'session=abc',
      titleRegex: '^Artist - ',
    });
    expect(response.statusCode).toBe(200);
    const feed = response.json<RssFeed>();
    expect(feed).toEqual({
      rssFeedId: feed.rssFeedId,
      rssUrl: 'https://feeds.test/releases.xml',
      rssCookies: 'session=abc',
      titleRegex: '^Artist - ',
      checkInterval: 30,
      lastCheck: null,
      lastError: null,
      postActions: [],
    });
    expect((await admin.get('/downloader/0/api/rss')).json<RssFeed[]>()).toHaveLength(1);
    expect((await admin.delete(`/downloader/0/api/rss/${feed.rssFeedId}`)).statusCode).toBe(204);
    expect((await admin.get('/downloader/0/api/rss')).json<RssFeed[]>()).toHaveLength(0);
    expect((await admin.delete(`/downloader/0/api/rss/${feed.rssFeedId}`)).statusCode).toBe(404);
  });

  it('refuses a bad regex, a bad URL, a bad interval and header injection', async () => {
    for (const [body, field] of [
      [{ rssUrl: 'https://f.test/x', titleRegex: '([a-' }, 'titleRegex'],
      [{ rssUrl: 'gopher://f.test/x' }, 'rssUrl'],
      [{ rssUrl: 'https://f.test/x', checkInterval: 0 }, 'checkInterval'],
      [{ rssUrl: 'https://f.test/x', checkInterval: 2.5 }, 'checkInterval'],
      [{ rssUrl: 'https://f.test/x', rssCookies: 'a=b\r\nX-Evil: 1' }, 'rssCookies'],
    ] as const) {
      const response = await admin.post('/downloader/0/api/rss', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(field);
    }
    expect((await admin.get('/downloader/0/api/rss')).json<RssFeed[]>()).toHaveLength(0);
  });

  it('is for administrators only', async () => {
    expect((await anonymous.get('/downloader/0/api/rss')).statusCode).toBe(401);
    expect((await member.get('/downloader/0/api/rss')).statusCode).toBe(403);
    expect(
      (await member.post('/downloader/0/api/rss', { rssUrl: 'https://f.test/x' })).statusCode,
    ).toBe(403);
    expect((await member.delete('/downloader/0/api/rss/1')).statusCode).toBe(403);
  });
});
