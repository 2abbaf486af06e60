import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
/** Each generated segment plays about this long; the playlists say so. */
export const SEGMENT_SECONDS = 1;

export interface HlsHost {
  url: string;
  /** Requests seen, as "path status", in order. */
  log: string[];
  /** Redirects: path -> absolute target. */
  redirects: Map<string, string>;
  /** Extra playlists by path (a test's own, e.g. one naming fMP4 segments). */
  playlists: Map<string, string>;
  /** How many segments of `kind` there are. */
  segmentCount(kind: 'ts' | 'aac'): number;
  close(): Promise<void>;
}

/** Audio cut into ~1 s segments by ffmpeg: AAC in MPEG-TS, and AAC as raw ADTS. */
async function makeSegments(dir: string, kind: 'ts' | 'aac', frequency: number): Promise<Buffer[]> {
  // prettier-ignore
  await promisify(execFile)(FFMPEG, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=8`,
    '-ac', '1', '-ar', '44100', '-c:a', 'aac', '-b:a', '64k',
    '-f', 'segment', '-segment_time', String(SEGMENT_SECONDS),
    '-segment_format', kind === 'ts' ? 'mpegts' : 'adts', join(dir, `${kind}%03d.${kind}`),
  ]);
  const names = (await readdir(dir)).filter((n) => n.endsWith(`.${kind}`)).sort();
  return Promise.all(names.map((n) => readFile(join(dir, n))));
}

/**
 * A live playlist over `count` segments: a window of three that moves on one segment every
 * SEGMENT_SECONDS since `started`, the segments cycling, with no end (a live station).
 */
function livePlaylist(kind: 'ts' | 'aac', count: number, started: number): string {
  const sequence = Math.floor((Date.now() - started) / (SEGMENT_SECONDS * 1000));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`];
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${sequence}`);
  for (let n = sequence; n < sequence + 3; n += 1)
    lines.push(`#EXTINF:${SEGMENT_SECONDS}.0,`, `seg/${kind}/${n % count}.${kind}`);
  return `${lines.join('\n')}\n`;
}

/**
 * A loopback HLS station for relay tests: /live/ts.m3u8 (MPEG-TS segments) and /live/aac.m3u8
 * (ADTS segments) are live playlists; /master.m3u8 offers 32, 96 and 128 kbit/s variants (the
 * 96 one is /live/aac.m3u8, the others answer 404 so choosing them fails the test).
 */
export async function startHlsHost(host = '127.0.0.1'): Promise<HlsHost> {
  const dir = await mkdtemp(join(tmpdir(), 'hls-host-'));
  const segments = {
    ts: await makeSegments(dir, 'ts', 440),
    aac: await makeSegments(dir, 'aac', 660),
  };
  const started = Date.now();
  const log: string[] = [];
  const redirects = new Map<string, string>();
  const playlists = new Map<string, string>();
  const mpegurl = { 'content-type': 'application/vnd.apple.mpegurl' };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const answer = (status: number, headers: http.OutgoingHttpHeaders, body?: Buffer | string) => {
      log.push(`${path} ${status}`);
      res.writeHead(status, headers);
      res.end(body);
    };
    const target = redirects.get(path);
    if (target) return answer(302, { location: target });
    const own = playlists.get(path);
    if (own !== undefined) return answer(200, mpegurl, own);
    if (path === '/master.m3u8')
      return answer(
        200,
        mpegurl,
        [
          '#EXTM3U',
          '#EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2"',
          'high.m3u8',
          '#EXT-X-STREAM-INF:BANDWIDTH=32000,CODECS="mp4a.40.5"',
          'low.m3u8',
          '#EXT-X-STREAM-INF:BANDWIDTH=96000,CODECS="mp4a.40.2"',
          'live/aac.m3u8',
          '',
        ].join('\n'),
      );
    const live = /^\/live\/(ts|aac)\.m3u8$/.exec(path);
    if (live) {
      const kind = live[1] as 'ts' | 'aac';
      return answer(200, mpegurl, livePlaylist(kind, segments[kind].length, started));
    }
    const segment = /^\/live\/seg\/(ts|aac)\/(\d+)\.(ts|aac)$/.exec(path);
    const data = segment ? segments[segment[1] as 'ts' | 'aac'][Number(segment[2])] : undefined;
    if (data) {
      const type = segment![1] === 'ts' ? 'video/mp2t' : 'audio/aac';
      return answer(200, { 'content-type': type, 'content-length': data.length }, data);
    }
    answer(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    log,
    redirects,
    playlists,
    segmentCount: (kind) => segments[kind].length,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
