import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedToPoll } from '../../server/node/contracts';
import { checkFeed } from '../../server/node/rss/check-feed';
import { validateTitleRegex } from '../../server/node/rss/title-regex';
import { startFakeHttp, type FakeAnswer } from '../helpers/fake-http';

const MAGNET = 'magnet:?xt=urn:btih:10cd097a18ff2a10f4ed3b4bbfe812606a3c8894&dn=Night';
const HASH = 'aabbccddeeff00112233445566778899aabbccdd';

const rss = `<?xml version="1.0"?>
<rss version="2.0" xmlns:torrent="http://xmlns.ezrss.it/0.1/" xmlns:nyaa="https://nyaa.si/xmlns/nyaa">
<channel><title>Releases</title>
<item><title>Ana Ruiz - Night Drive [FLAC]</title><link>${MAGNET.replace(/&/g, '&amp;')}</link><guid>rel-1</guid></item>
<item><title>Bo Lee - Loud [MP3]</title><link>/files/loud.torrent</link><guid>rel-2</guid></item>
<item><title>Cy Dee - Live [flac]</title><link>https://example.org/page/3</link>
  <enclosure url="https://example.org/dl/3.torrent?key=1" type="application/x-bittorrent" length="1000"/></item>
<item><title>Di Eve - Nowhere [FLAC]</title><link>https://example.org/page/4</link><guid>rel-4</guid></item>
<item><title>Ed Fox - Hashed [FLAC]</title><nyaa:infoHash>${HASH}</nyaa:infoHash><guid isPermaLink="false">rel-5</guid></item>
</channel></rss>`;

let server: Awaited<ReturnType<typeof startFakeHttp>>;
const requests: Array<{ path: string; cookie: string | undefined }> = [];
beforeAll(async () => {
  server = await startFakeHttp((req): FakeAnswer | Promise<FakeAnswer> => {
    requests.push({ path: req.path, cookie: req.headers.cookie });
    if (req.path === '/feed.xml')
      return req.headers.cookie === 'uid=7; pass=s3cret'
        ? { status: 200, headers: { 'content-type': 'application/rss+xml' }, body: rss }
        : { status: 403, body: 'log in first' };
    if (req.path === '/moved') return { status: 302, headers: { location: '/feed.xml' } };
    if (req.path === '/loop') return { status: 302, headers: { location: '/loop' } };
    if (req.path === '/big') return { status: 200, body: `<rss>${'x'.repeat(20_000)}</rss>` };
    if (req.path === '/html') return { status: 200, body: '<html><body>not a feed' };
    if (req.path === '/slow') return new Promise(() => undefined);
    return { status: 404 };
  });
});
afterAll(async () => {
  await server.close();
});

const feed = (fields: Partial<FeedToPoll> = {}): FeedToPoll => ({
  rssFeedId: 1,
  rssUrl: `${server.url}/feed.xml`,
  rssCookies: 'uid=7; pass=s3cret',
  titleRegex: null,
  postActions: [],
  ...fields,
});
const local = { allowPrivate: true };

describe('checkFeed', () => {
  it('answers the items with something to download, keyed by guid, sending the cookie', async () => {
    const items = await checkFeed(feed(), local);
    expect(items).toEqual([
      { guid: 'rel-1', title: 'Ana Ruiz - Night Drive [FLAC]', url: MAGNET },
      { guid: 'rel-2', title: 'Bo Lee - Loud [MP3]', url: `${server.url}/files/loud.torrent` },
      {
        guid: 'https://example.org/page/3',
        title: 'Cy Dee - Live [flac]',
        url: 'https://example.org/dl/3.torrent?key=1',
      },
      { guid: 'rel-5', title: 'Ed Fox - Hashed [FLAC]', url: `magnet:?xt=urn:btih:${HASH}` },
    ]);
    expect(requests.at(-1)?.cookie).toBe('uid=7; pass=s3cret');
  });

  it('keeps only titles matching the pattern, ignoring case', async () => {
    const items = await checkFeed(feed({ titleRegex: '\\[flac\\]$' }), local);
    expect(items.map((i) => i.guid)).toEqual(['rel-1', 'https://example.org/page/3', 'rel-5']);
  });

  it('fails readably without the cookie the site wants', async () => {
    await expect(checkFeed(feed({ rssCookies: null }), local)).rejects.toThrow(
      'feed answered HTTP 403',
    );
  });

  it('follows a redirect on the same site, and stops a redirect loop', async () => {
    expect(await checkFeed(feed({ rssUrl: `${server.url}/moved` }), local)).toHaveLength(4);
    await expect(checkFeed(feed({ rssUrl: `${server.url}/loop` }), local)).rejects.toThrow(
      'feed redirects more than 5 times',
    );
  });

  it('does not carry the cookie to another site after a redirect', async () => {
    const cookies: Array<string | undefined> = [];
    const other = await startFakeHttp((req) => {
      cookies.push(req.headers.cookie);
      return { status: 200, headers: { 'content-type': 'application/rss+xml' }, body: rss };
    });
    try {
      const away = await startFakeHttp(() => ({
        status: 301,
        headers: { location: `${other.url}/feed.xml` },
      }));
      expect(await checkFeed(feed({ rssUrl: away.url }), local)).toHaveLength(4);
      expect(cookies).toEqual([undefined]);
      await away.close();
    } finally {
      await other.close();
    }
  });

  it('refuses loopback and private addresses unless allowed', async () => {
    await expect(checkFeed(feed())).rejects.toThrow(/private network \(127\.0\.0\.1\): refused/);
    await expect(checkFeed(feed({ rssUrl: 'http://10.1.2.3/feed' }))).rejects.toThrow(
      /private network/,
    );
    await expect(checkFeed(feed({ rssUrl: 'file:///etc/passwd' }))).rejects.toThrow(
      'feed URL must be http or https, not file:',
    );
  });

  it('caps the size and the time, and names a page that is not a feed', async () => {
    await expect(
      checkFeed(feed({ rssUrl: `${server.url}/big` }), { ...local, maxBytes: 10_000 }),
    ).rejects.toThrow('feed is larger than 10000 bytes');
    await expect(
      checkFeed(feed({ rssUrl: `${server.url}/slow` }), { ...local, timeoutMs: 300 }),
    ).rejects.toThrow('feed did not answer within 300 ms');
    await expect(checkFeed(feed({ rssUrl: `${server.url}/html` }), local)).rejects.toThrow(
      /^feed is not RSS or Atom/,
    );
  });

  it('throws a readable error for a bad pattern before fetching', async () => {
    const before = requests.length;
    await expect(checkFeed(feed({ titleRegex: '([a-z' }), local)).rejects.toThrow(
      /^title pattern is not a valid regular expression/,
    );
    expect(requests.length).toBe(before);
  });
});

describe('validateTitleRegex', () => {
  it('accepts ordinary patterns', () => {
    expect(validateTitleRegex('(Ana Ruiz|Bo Lee) - .* \\[(FLAC|WEB)\\]')).toBeNull();
    expect(validateTitleRegex('\\d{4}')).toBeNull();
  });

  it('names invalid, over-long and catastrophic patterns', () => {
    expect(validateTitleRegex('(unclosed')).toMatch(/not a valid regular expression/);
    expect(validateTitleRegex('a'.repeat(201))).toBe('title pattern is longer than 200 characters');
    for (const pattern of ['(a+)+$', '(\\w*)*x', '(x{2,})+', '(.*a)*'])
      expect(validateTitleRegex(pattern)).toMatch(/could hang the feed check/);
  });
});
