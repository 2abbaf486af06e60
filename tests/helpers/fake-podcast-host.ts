import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Bytes of one fake episode: a recognisable pattern, so ranges can be checked. */
export const EPISODE_BYTES = 64 * 1024;
export const episodeByte = (i: number): number => i % 251;
const episodeBody = Buffer.from(Array.from({ length: EPISODE_BYTES }, (_, i) => episodeByte(i)));
/** A long episode under /big/ (pace tests): 4 MiB of the same pattern. */
export const BIG_EPISODE_BYTES = 4 * 1024 * 1024;
const bigBody = Buffer.from(Array.from({ length: BIG_EPISODE_BYTES }, (_, i) => episodeByte(i)));

/** What the fake host serves and how it has been asked. */
export interface FakePodcastHost {
  url: string;
  /** Feed bodies by path; change one to make the next refresh see new episodes. */
  feeds: Map<string, string>;
  /** Paths answering 500 (a broken feed). */
  broken: Set<string>;
  /** Redirects: path -> absolute target. */
  redirects: Map<string, string>;
  /** Requests seen, as "METHOD path status". */
  log: string[];
  /** Open connections to the endless station right now. */
  stationListeners(): number;
  close(): Promise<void>;
}

/** The ICY title the fake station sends, and its metadata interval. */
export const STATION_TITLE = 'Test Artist - Endless Song';
export const STATION_METAINT = 1000;
/** The one byte value of the station's audio: any other byte heard is metadata let through. */
export const STATION_AUDIO_BYTE = 0x55;

function metadataBlock(title: string): Buffer {
  const text = Buffer.from(`StreamTitle='${title}';`);
  const blocks = Math.ceil(text.length / 16);
  const block = Buffer.alloc(1 + blocks * 16);
  block[0] = blocks;
  text.copy(block, 1);
  return block;
}

function serveStation(req: http.IncomingMessage, res: http.ServerResponse, onClose: () => void) {
  const icy = req.headers['icy-metadata'] === '1';
  res.writeHead(200, {
    'content-type': 'audio/mpeg',
    'icy-name': 'Fake FM',
    ...(icy ? { 'icy-metaint': String(STATION_METAINT) } : {}),
  });
  const audio = Buffer.alloc(STATION_METAINT, STATION_AUDIO_BYTE);
  const meta = metadataBlock(STATION_TITLE);
  const timer = setInterval(() => {
    res.write(icy ? Buffer.concat([audio, meta]) : audio);
  }, 10);
  res.on('close', () => {
    clearInterval(timer);
    onClose();
  });
}

function serveEpisode(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body = episodeBody,
): number {
  const size = body.length;
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  if (!range) {
    res.writeHead(200, {
      'content-type': 'audio/mpeg',
      'content-length': String(size),
      'accept-ranges': 'bytes',
    });
    res.end(body);
    return 200;
  }
  const start = Number(range[1]);
  const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  res.writeHead(206, {
    'content-type': 'audio/mpeg',
    'content-length': String(end - start + 1),
    'content-range': `bytes ${start}-${end}/${size}`,
    'accept-ranges': 'bytes',
  });
  res.end(body.subarray(start, end + 1));
  return 206;
}

/**
 * A loopback host for podcast and radio tests: feeds (with ETag: a repeated request answers
 * 304), episodes under /audio/ (with ranges), redirects, broken feeds and an endless MP3
 * station at /station with ICY metadata when asked for it.
 */
export async function startPodcastHost(host = '127.0.0.1'): Promise<FakePodcastHost> {
  const feeds = new Map<string, string>();
  const broken = new Set<string>();
  const redirects = new Map<string, string>();
  const log: string[] = [];
  let listeners = 0;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const note = (status: number) => log.push(`${req.method} ${path} ${status}`);
    const target = redirects.get(path);
    if (target) {
      res.writeHead(302, { location: target });
      res.end();
      return note(302);
    }
    if (broken.has(path)) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('down');
      return note(500);
    }
    if (path === '/station') {
      listeners += 1;
      note(200);
      return serveStation(req, res, () => (listeners -= 1));
    }
    if (path.startsWith('/audio/')) return note(serveEpisode(req, res));
    if (path.startsWith('/big/')) return note(serveEpisode(req, res, bigBody));
    const body = feeds.get(path);
    if (body === undefined) {
      res.writeHead(404);
      res.end();
      return note(404);
    }
    const etag = `"${Buffer.from(body).length}-${hash(body)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag });
      res.end();
      return note(304);
    }
    const type = path.endsWith('.pls')
      ? 'audio/x-scpls'
      : path.endsWith('.m3u')
        ? 'audio/x-mpegurl'
        : 'application/rss+xml';
    res.writeHead(200, { 'content-type': type, etag });
    res.end(body);
    note(200);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    feeds,
    broken,
    redirects,
    log,
    stationListeners: () => listeners,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h >>> 0;
}

export interface FeedEpisode {
  guid: string;
  title: string;
  date: string;
  /** Path of the enclosure on the host. */
  file: string;
  /** The enclosure's declared length; EPISODE_BYTES unless told. */
  length?: number;
  duration?: string;
}

/** An RSS 2.0 feed with iTunes tags and a Podcasting 2.0 chapters link on the first episode. */
export function rssFeed(base: string, title: string, episodes: FeedEpisode[]): string {
  const items = episodes
    .map(
      (e, i) => `<item>
  <guid>${e.guid}</guid><title>${e.title}</title><pubDate>${new Date(e.date).toUTCString()}</pubDate>
  <description>About ${e.title}</description>
  <enclosure url="${base}${e.file}" type="audio/mpeg" length="${e.length ?? EPISODE_BYTES}"/>
  <itunes:duration>${e.duration ?? '1:02:03'}</itunes:duration>
  <itunes:season>2</itunes:season><itunes:episode>${i + 1}</itunes:episode>
  <itunes:explicit>${i === 0 ? 'yes' : 'no'}</itunes:explicit>
  ${i === 0 ? `<podcast:chapters url="${base}/chapters.json" type="application/json+chapters"/>` : ''}
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title>${title}</title><link>${base}</link><description>A test show</description>
<itunes:author>Test Author</itunes:author><itunes:image href="${base}/cover.jpg"/>
${items}
</channel></rss>`;
}

/** An Atom feed whose entries carry their audio as `<link rel="enclosure">`. */
export function atomFeed(base: string, title: string, episodes: FeedEpisode[]): string {
  const entries = episodes
    .map(
      (e) => `<entry><id>${e.guid}</id><title>${e.title}</title><updated>${e.date}</updated>
<link rel="alternate" href="${base}/page/${e.guid}"/>
<link rel="enclosure" type="audio/mpeg" href="${base}${e.file}"/></entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title><id>urn:test:${title}</id>
<updated>2026-01-01T00:00:00Z</updated>${entries}</feed>`;
}
