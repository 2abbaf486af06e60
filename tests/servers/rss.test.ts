import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, RssFeed } from '../../domain/servers';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { makeMp3 } from '../helpers/audio';
import { serve, sleep, startFileServer } from './fixtures';
import { setUpApp } from '../helpers/setup';

let t: TestApp;
let admin: TestClient;
let files: Awaited<ReturnType<typeof startFileServer>>;
let clock = new Date('2026-11-22T10:00:00Z');
const items: Array<{ guid: string; title: string; file: string }> = [
  { guid: 'rel-1', title: 'Artist - Wanted', file: 'wanted.mp3' },
  { guid: 'rel-2', title: 'Somebody - Skipped', file: 'wanted.mp3' },
];

function feedXml(base: string): string {
  const entries = items
    .map(
      (i) => `<item><title>${i.title}</title><guid>${i.guid}</guid>
      <enclosure url="${base}/${i.file}" type="audio/mpeg" length="1"/></item>`,
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Releases</title>${entries}</channel></rss>`;
}

beforeAll(async () => {
  const mp3 = await makeMp3({ title: 'Wanted', album: 'Feed Album', artist: 'Artist' });
  files = await startFileServer({
    '/wanted.mp3': serve(mp3),
    '/feed.xml': (req, res) => {
      if (req.headers.cookie !== 'session=ok') return void res.writeHead(403).end('no cookie');
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml(files.url));
    },
  });
  ({ t, admin } = await setUpApp({
    env: { DOWNLOADER_ALLOW_PRIVATE: '1' },
    downloader: { feedTickMs: 50, now: () => clock },
  }));
});
afterAll(async () => {
  await t.close();
  await files.close();
});

const feeds = async () => (await admin.get('/downloader/0/api/rss')).json<RssFeed[]>();
const downloads = async () => (await admin.get('/downloader/0/api/download')).json<Download[]>();

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error('timed out');
}

describe('RSS polling', () => {
  it('takes matching items with the cookie, records errors per feed and never takes a guid twice', async () => {
    const good = (
      await admin.post('/downloader/0/api/rss', {
        rssUrl: `${files.url}/feed.xml`,
        rssCookies: 'session=ok',
        titleRegex: '^artist - ',
        checkInterval: 30,
      })
    ).json<RssFeed>();
    const noCookie = (
      await admin.post('/downloader/0/api/rss', { rssUrl: `${files.url}/feed.xml` })
    ).json<RssFeed>();
    const down = (
      await admin.post('/downloader/0/api/rss', { rssUrl: 'http://127.0.0.1:1/feed.xml' })
    ).json<RssFeed>();

    await waitUntil(async () => (await feeds()).every((f) => f.lastCheck !== null));
    const checked = await feeds();
    const byId = (id: number) => checked.find((f) => f.rssFeedId === id)!;
    expect(byId(good.rssFeedId).lastError).toBeNull();
    expect(byId(noCookie.rssFeedId).lastError).toMatch(/HTTP 403/);
    expect(byId(down.rssFeedId).lastError).toMatch(/ECONNREFUSED|does not answer|connect/);

    await waitUntil(async () => (await downloads()).some((d) => d.state === 'done'));
    const taken = await downloads();
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ name: 'Artist - Wanted', source: 'url', state: 'done' });

    // One interval later: checked again, the same guid is not taken twice; a new one is.
    items.push({ guid: 'rel-3', title: 'Artist - Newer', file: 'wanted.mp3' });
    const firstCheck = byId(good.rssFeedId).lastCheck!;
    clock = new Date(clock.getTime() + 31 * 60_000);
    await waitUntil(async () => {
      const again = (await feeds()).find((f) => f.rssFeedId === good.rssFeedId)!;
      return again.lastCheck !== null && again.lastCheck > firstCheck;
    });
    await waitUntil(async () => (await downloads()).length === 2);
    const names = (await downloads()).map((d) => d.name).sort();
    expect(names).toEqual(['Artist - Newer', 'Artist - Wanted']);
  });
});
