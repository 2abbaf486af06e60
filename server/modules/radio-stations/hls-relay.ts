import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { ffmpegPath } from '../../media/ffmpeg-binary';
import { FetchFailed, guardedFetch, type GuardedOptions } from '../../net/guarded-fetch';
import {
  chooseVariant,
  id3Length,
  parseHls,
  segmentFormat,
  startingSegments,
  type HlsSegment,
  type MediaPlaylist,
} from './hls-playlist';

/** A playlist is a few kilobytes; more than this is not one. */
const PLAYLIST_MAX_BYTES = 1024 * 1024;
/** A segment is seconds of audio; more than this is not a radio segment. */
const SEGMENT_MAX_BYTES = 16 * 1024 * 1024;
/** A live playlist that adds nothing for this many target durations (at least 30 s) has ended. */
const STALLED_TARGETS = 3;

/**
 * MPEG-TS in on stdin, its first audio stream out on stdout as ADTS, copied (no decoding). ffmpeg
 * only ever reads the pipe: every request to the station is the guarded fetcher's, never ffmpeg's.
 */
export const TS_TO_ADTS_ARGS = [
  ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
  ...['-f', 'mpegts', '-i', 'pipe:0'],
  ...['-map', '0:a:0', '-c:a', 'copy', '-f', 'adts', 'pipe:1'],
];

export class HlsRefused extends Error {}

/** The listener's signal, and (tests only) the address policy's allowances. */
type Fetching = { signal: AbortSignal } & Pick<GuardedOptions, 'allowLoopback' | 'allowAddress'>;

const fetchText = async (
  url: string,
  { signal }: Fetching,
): Promise<{ text: string; url: string }> => {
  const fetched = await guardedFetch(url, {
    what: 'station playlist',
    maxBytes: PLAYLIST_MAX_BYTES,
    totalMs: 15_000,
    signal,
  });
  return { text: fetched.body.toString('utf8'), url: fetched.url.href };
};

const fetchSegment = async (segment: HlsSegment, fetching: Fetching): Promise<Buffer> =>
  (
    await guardedFetch(segment.url, {
      ...fetching,
      what: 'station segment',
      maxBytes: SEGMENT_MAX_BYTES,
      totalMs: 30_000,
    })
  ).body;

async function mediaPlaylist(url: string, fetching: Fetching): Promise<MediaPlaylist> {
  const { text, url: at } = await fetchText(url, fetching);
  const playlist = parseHls(text, at);
  if (playlist?.kind !== 'media') throw new FetchFailed('station playlist names no audio segments');
  if (playlist.encrypted) throw new HlsRefused('encrypted HLS stations are not supported');
  if (playlist.fragmentedMp4)
    throw new HlsRefused('HLS stations with fragmented MP4 segments are not supported');
  return playlist;
}

/** Writes `data`, waiting while the listener is behind (a live stream is not read ahead). */
async function put(target: Writable, data: Buffer, signal: AbortSignal): Promise<void> {
  if (target.destroyed) throw new Error('listener left');
  // The signal ends the wait too: a closed pipe (ffmpeg gone) never drains.
  if (!target.write(data)) await once(target, 'drain', { signal });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export interface HlsStream {
  type: string;
  body: Readable;
}

/**
 * An HLS station as one continuous audio stream (issue 49). The master playlist's variant with
 * the lowest bandwidth of at least 64 kbit/s is played (chooseVariant); its media playlist is
 * reloaded every target duration and each new segment fetched once, in order, every request
 * through the guarded fetcher (each hop and redirect checked). AAC (ADTS) and MP3 segments are
 * passed on without their ID3 tags; MPEG-TS segments go through one ffmpeg that copies their
 * audio out as ADTS; fragmented MP4 and encrypted streams are refused. Aborting `signal` (the
 * listener left) stops the fetching and ffmpeg. `policy` is for tests (a fixture's address).
 */
export async function openHlsStream(
  playlistText: string,
  playlistUrl: string,
  signal: AbortSignal,
  policy: Omit<Fetching, 'signal'> = {},
): Promise<HlsStream> {
  // Aborted when the listener leaves (the caller's signal) or the body is closed.
  const stopped = new AbortController();
  signal = AbortSignal.any([signal, stopped.signal]);
  const fetching: Fetching = { ...policy, signal };
  const first = parseHls(playlistText, playlistUrl);
  if (first === null) throw new FetchFailed('station playlist is not an HLS playlist');
  let mediaUrl = playlistUrl;
  let playlist: MediaPlaylist;
  if (first.kind === 'master') {
    const variant = chooseVariant(first.variants);
    if (!variant) throw new FetchFailed('station playlist names no stream');
    mediaUrl = variant.url;
    playlist = await mediaPlaylist(mediaUrl, fetching);
  } else {
    if (first.encrypted) throw new HlsRefused('encrypted HLS stations are not supported');
    if (first.fragmentedMp4)
      throw new HlsRefused('HLS stations with fragmented MP4 segments are not supported');
    playlist = first;
  }
  const queue = startingSegments(playlist);
  const head = queue.shift();
  if (!head) throw new FetchFailed('station playlist names no audio segments');
  const firstData = await fetchSegment(head, fetching);
  const format = segmentFormat(firstData);
  if (format === 'fmp4')
    throw new HlsRefused('HLS stations with fragmented MP4 segments are not supported');
  if (format === 'unknown') throw new HlsRefused('the station sends segments in an unknown format');

  const body = new PassThrough();
  let ffmpeg: ChildProcessWithoutNullStreams | null = null;
  let sink: Writable = body;
  if (format === 'mpegts') {
    ffmpeg = spawn(ffmpegPath(), TS_TO_ADTS_ARGS, { stdio: ['pipe', 'pipe', 'pipe'] });
    ffmpeg.stdout.pipe(body);
    ffmpeg.stderr.resume();
    ffmpeg.stdin.on('error', () => undefined);
    ffmpeg.on('error', (error) => body.destroy(error));
    sink = ffmpeg.stdin;
  }
  const stop = () => {
    stopped.abort();
    ffmpeg?.kill('SIGKILL');
    if (!body.destroyed) body.destroy();
  };
  signal.addEventListener('abort', stop);
  body.on('close', stop);
  const strip = format !== 'mpegts';
  const payload = (data: Buffer) => (strip ? data.subarray(id3Length(data)) : data);

  const run = async () => {
    let last = head.sequence;
    await put(sink, payload(firstData), signal);
    let current = playlist;
    let reloadedAt = Date.now();
    let lastNew = Date.now();
    for (;;) {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (signal.aborted) return;
        await put(sink, payload(await fetchSegment(next, fetching)), signal);
        last = next.sequence;
      }
      if (current.ended || signal.aborted) return;
      const target = current.targetSeconds * 1000;
      if (Date.now() - lastNew > Math.max(30_000, STALLED_TARGETS * target)) return;
      await sleep(Math.max(0, reloadedAt + target - Date.now()), signal);
      if (signal.aborted) return;
      reloadedAt = Date.now();
      current = await mediaPlaylist(mediaUrl, fetching);
      const fresh = current.segments.filter((s) => s.sequence > last);
      if (fresh.length > 0) lastNew = Date.now();
      queue.push(...fresh);
    }
  };
  void run().then(
    () => sink.end(),
    (error: unknown) => {
      if (!signal.aborted) body.destroy(error as Error);
      stop();
    },
  );
  return { type: format === 'mp3' ? 'audio/mpeg' : 'audio/aac', body };
}
