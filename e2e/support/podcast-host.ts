import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { scratchDir } from './audio-files';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** What the host's feed and station say (issue 49's player specs). */
export const HOST_SHOW = {
  podcast: 'E2E Long Show',
  author: 'E2E Long Host',
  episode: 'Long chat',
  icyTitle: 'E2E Artist - Endless Song',
} as const;

export interface PodcastHost {
  /** `http://127.0.0.1:port`: the e2e server may fetch it (FETCH_ALLOW_PRIVATE=1, tests only). */
  base: string;
  feedUrl: string;
  stationUrl: string;
  coverUrl: string;
  close(): Promise<void>;
}

/** One ICY metadata block naming `title`, padded to 16 bytes as the protocol counts them. */
function icyBlock(title: string): Buffer {
  const text = Buffer.from(`StreamTitle='${title}';`);
  const block = Buffer.alloc(1 + Math.ceil(text.length / 16) * 16);
  block[0] = Math.ceil(text.length / 16);
  text.copy(block, 1);
  return block;
}

/** Answers a byte range of `body` the way a podcast host does (seeking needs ranges). */
function sendRanged(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void {
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  const start = range ? Number(range[1]) : 0;
  const end = range?.[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
  res.writeHead(range ? 206 : 200, {
    'content-type': 'audio/mpeg',
    'content-length': String(end - start + 1),
    'accept-ranges': 'bytes',
    ...(range ? { 'content-range': `bytes ${start}-${end}/${body.length}` } : {}),
  });
  res.end(body.subarray(start, end + 1));
}

/**
 * A loopback podcast host: an RSS feed (iTunes tags and an image) with one episode of
 * `seconds`, the episode itself with ranges, a cover, and an endless MP3 station that sends
 * an ICY title every 4000 bytes. Files are made by ffmpeg at a low bitrate.
 */
export async function startPodcastHost(seconds: number): Promise<PodcastHost> {
  const scratch = await scratchDir();
  const mp3 = join(scratch.dir, 'episode.mp3');
  const png = join(scratch.dir, 'cover.png');
  // prettier-ignore
  await run(FFMPEG, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`,
    '-ac', '1', '-ar', '22050', '-c:a', 'libmp3lame', '-b:a', '32k', mp3,
  ]);
  // prettier-ignore
  await run(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=teal:s=64x64', '-frames:v', '1', png]);
  const episode = await readFile(mp3);
  const cover = await readFile(png);
  await scratch.remove();
  let base = '';

  const host = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/feed.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(`<?xml version="1.0"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
<title>${HOST_SHOW.podcast}</title><itunes:author>${HOST_SHOW.author}</itunes:author>
<itunes:image href="${base}/cover.png"/>
<item><guid>e2e-long-1</guid><title>${HOST_SHOW.episode}</title>
<pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate>
<enclosure url="${base}/episode.mp3" type="audio/mpeg" length="${episode.length}"/>
<itunes:duration>${seconds}</itunes:duration></item></channel></rss>`);
      return;
    }
    if (path === '/episode.mp3') return sendRanged(req, res, episode);
    if (path === '/cover.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': cover.length });
      res.end(cover);
      return;
    }
    if (path === '/station') {
      const metaint = 4000;
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'icy-metaint': String(metaint) });
      let at = 0;
      const timer = setInterval(() => {
        const audio = Buffer.alloc(metaint);
        for (let i = 0; i < metaint; i += 1) audio[i] = episode[(at + i) % episode.length]!;
        at += metaint;
        res.write(Buffer.concat([audio, icyBlock(HOST_SHOW.icyTitle)]));
      }, 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  return {
    base,
    feedUrl: `${base}/feed.xml`,
    stationUrl: `${base}/station`,
    coverUrl: `${base}/cover.png`,
    close: async () => {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    },
  };
}
