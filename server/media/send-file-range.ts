import { pipeline, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange } from '../../domain/byte-range';
import { StorageNotFound } from '../storage/storage';
import type { StoredFiles } from '../storage/stored-files';
import { PacedFileStream } from './paced-file-stream';
import { paceGoverns, playbackPace, type Pace } from './stream-pace';
import { Throttle } from './throttle';

export interface SendFileOptions {
  /** What the row holds: a path on this machine or a storage key (see StoredFiles). */
  path: string;
  files: StoredFiles;
  mime: string;
  /** Role speed limit in bytes per second; null sends at full speed. */
  bytesPerSecond: number | null;
  /** Content-Disposition for downloads; absent for playback. */
  disposition?: string;
  /**
   * How long the file plays, for a playback stream: it is then paced (stream-pace.ts). Absent or
   * null for downloads and whole copies, which go at full speed.
   */
  playSeconds?: number | null;
}

export interface SendFileResult {
  /** The body starts at byte 0 (a fresh play or download, not a seek or a revalidation). */
  fromStart: boolean;
}

/**
 * Wraps `source` in the role's speed limit or the playback pace, whichever is slower (the role's
 * limit has no head start); a closed client tears the whole chain down.
 */
export function limitRate(
  source: Readable,
  bytesPerSecond: number | null,
  pace: Pace | null = null,
): Readable {
  let throttle: Throttle;
  if (paceGoverns(bytesPerSecond, pace))
    throttle = new Throttle(pace.bytesPerSecond, pace.burstBytes, true);
  else if (bytesPerSecond !== null && bytesPerSecond > 0) throttle = new Throttle(bytesPerSecond);
  else return source;
  pipeline(source, throttle, () => undefined);
  return throttle;
}

/** True when the request asks for the resource from its first byte (no Range, or bytes=0-). */
export function requestStartsAtZero(request: FastifyRequest): boolean {
  const range = request.headers.range;
  return range === undefined || /^\s*bytes=0-/.test(range);
}

const etagMatches = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

/**
 * Sends a file with HTTP Range (one range), a weak ETag from size and mtime, Last-Modified,
 * 304 on a matching If-None-Match and 416 for a range past the end. HEAD gets the headers only.
 */
export async function sendFileRange(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SendFileOptions,
): Promise<SendFileResult> {
  const info = await options.files.stat(options.path);
  if (info === null) throw new StorageNotFound(options.path);
  const size = info.size;
  const etag = `W/"${size.toString(16)}-${Math.floor(info.mtime.getTime()).toString(16)}"`;
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  reply.header('last-modified', info.mtime.toUTCString());
  // Private: every answer depends on the signed-in user's rights; revalidated with the ETag.
  reply.header('cache-control', 'private, no-store');
  if (options.disposition) reply.header('content-disposition', options.disposition);

  if (etagMatches(request.headers['if-none-match'], etag)) {
    void reply.code(304).send();
    return { fromStart: false };
  }
  const range = parseByteRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    void reply
      .code(416)
      .header('content-range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send({ error: 'The requested range is not satisfiable' });
    return { fromStart: false };
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  reply.type(options.mime);
  reply.header('content-length', String(Math.max(0, end - start + 1)));
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  if (request.method === 'HEAD' || size === 0) {
    // An empty stream, not undefined: Fastify's HEAD handling then keeps our Content-Length.
    void reply.send(Readable.from([]));
    return { fromStart: start === 0 };
  }
  const pace = playbackPace(size, options.playSeconds);
  const local = options.files.localPath(options.path);
  if (local !== null && paceGoverns(options.bytesPerSecond, pace)) {
    void reply.send(new PacedFileStream(local, start, end, pace));
    return { fromStart: start === 0 };
  }
  const body = await options.files.read(options.path, { start, end }, info);
  void reply.send(limitRate(body, options.bytesPerSecond, pace));
  return { fromStart: start === 0 };
}
