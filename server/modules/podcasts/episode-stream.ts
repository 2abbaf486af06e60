import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../access/caller';
import { speedLimit } from '../../access/rights';
import { BadGateway, HttpError } from '../../errors';
import { limitRate, sendFileRange } from '../../media/send-file-range';
import { playbackPace } from '../../media/stream-pace';
import { FetchFailed, FetchRefused, guardedRequest } from '../../net/guarded-fetch';
import type { StoredFiles } from '../../storage/stored-files';
import type { EpisodeRow } from './podcasts.repository';

/**
 * Remote episodes one account may have relayed at once on one app server. A player holds one
 * (two for a moment while it seeks); three lets a second device or an offline save run beside
 * it, while a script cannot make the server pull a feed host's files many times over.
 */
export const MAX_RELAYS_PER_USER = 3;

/** Open relays per user on this app server. */
export class RelayCounter {
  private readonly open = new Map<number, number>();

  /** Takes a slot and answers its release (safe to call twice), or null when all are taken. */
  take(userId: number): (() => void) | null {
    const held = this.open.get(userId) ?? 0;
    if (held >= MAX_RELAYS_PER_USER) return null;
    this.open.set(userId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.open.get(userId) ?? 1) - 1;
      if (now <= 0) this.open.delete(userId);
      else this.open.set(userId, now);
    };
  }

  held(userId: number): number {
    return this.open.get(userId) ?? 0;
  }
}

export interface EpisodeStreamOptions {
  files: StoredFiles;
  relays: RelayCounter;
  /** The app's offline copy: all of it at once (the role's speed limit still holds), unpaced. */
  whole: boolean;
}

/** The size of the whole file from a 200's Content-Length or a 206's Content-Range. */
function totalSize(response: IncomingMessage): number | null {
  const range = /\/(\d+)\s*$/.exec(response.headers['content-range'] ?? '');
  if (range) return Number(range[1]);
  if (response.statusCode !== 200) return null;
  const length = Number(response.headers['content-length'] ?? NaN);
  return Number.isFinite(length) && length > 0 ? length : null;
}

/**
 * An episode's audio with the same pace and limits as music (decision 0054): the role's speed
 * limit, and a playback stream paced at a multiple of its bit rate after a head start (from its
 * duration and size), unless the app asks for its offline copy. A downloaded episode comes from
 * storage with ranges; one not downloaded is relayed from the enclosure with the caller's Range,
 * at most MAX_RELAYS_PER_USER at once per account (429 beyond), stopped when the listener leaves.
 */
export async function sendEpisode(
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  episode: EpisodeRow,
  options: EpisodeStreamOptions,
): Promise<void> {
  const playSeconds = options.whole ? null : episode.duration_seconds;
  if (episode.status === 'downloaded' && episode.storage_key) {
    await sendFileRange(request, reply, {
      path: episode.storage_key,
      files: options.files,
      mime: episode.enclosure_type ?? 'audio/mpeg',
      bytesPerSecond: speedLimit(caller),
      playSeconds,
    });
    return;
  }
  const release = options.relays.take(caller.userId);
  if (release === null)
    throw new HttpError(
      429,
      `At most ${MAX_RELAYS_PER_USER} episodes not saved on the server play at once`,
      { 'retry-after': '5' },
    );
  const controller = new AbortController();
  const leave = () => {
    release();
    controller.abort();
  };
  reply.raw.on('close', leave);
  const range = request.headers.range;
  let upstream: IncomingMessage;
  try {
    ({ response: upstream } = await guardedRequest(episode.enclosure_url, {
      what: 'episode',
      signal: controller.signal,
      headers: typeof range === 'string' ? { range } : {},
      acceptStatus: (status) => status === 416,
    }));
  } catch (error) {
    leave();
    if (error instanceof FetchRefused || error instanceof FetchFailed)
      throw new BadGateway(error.message);
    throw error;
  }
  reply.code(upstream.statusCode ?? 200);
  for (const name of ['content-type', 'content-length', 'content-range', 'accept-ranges'])
    if (upstream.headers[name] !== undefined) reply.header(name, upstream.headers[name]);
  reply.header('cache-control', 'private, no-store');
  const size = totalSize(upstream);
  const pace = size === null ? null : playbackPace(size, playSeconds);
  upstream.on('close', release);
  await reply.send(limitRate(upstream, speedLimit(caller), pace));
}
