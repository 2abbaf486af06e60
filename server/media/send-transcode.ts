import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { limitRate, requestStartsAtZero, sendFileRange } from './send-file-range';
import type { TranscodeJob, Transcoder } from './transcoder';

export interface SendTranscodeOptions {
  bytesPerSecond: number | null;
  disposition?: string;
  /** How long the result plays, for playback: a cached result is then paced (SendFileOptions). */
  playSeconds?: number | null;
}

/** Aborts when the client goes away before the response finished (kills its ffmpeg). */
export function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('client disconnected'));
  });
  return controller.signal;
}

/**
 * Sends `job` applied to `source`: from the cache with ranges when it is there; otherwise live
 * from ffmpeg (headers at once, no length) for streamable formats asked from byte 0; otherwise
 * (a seek into an uncached result, or a container written at the end) transcoded to the cache
 * first. Answers whether the body starts at byte 0.
 */
export async function sendTranscode(
  request: FastifyRequest,
  reply: FastifyReply,
  transcoder: Transcoder,
  source: string,
  job: TranscodeJob,
  options: SendTranscodeOptions,
): Promise<boolean> {
  const fileOptions = { mime: job.mime, ...options };
  const { files } = transcoder;
  const cached = await transcoder.lookup(source, job);
  if (cached)
    return (await sendFileRange(request, reply, { path: cached, files, ...fileOptions })).fromStart;
  // A HEAD of a live transcode starts no ffmpeg, but must not promise what cannot be sent.
  transcoder.binary();
  const signal = abortOnClose(reply);
  const live = job.streamable && requestStartsAtZero(request);
  if (live && request.method === 'HEAD') {
    void reply.type(job.mime).header('cache-control', 'private, no-store').send(Readable.from([]));
    return false;
  }
  if (!live) {
    const path = await transcoder.ensure(source, job, signal);
    return (await sendFileRange(request, reply, { path, files, ...fileOptions })).fromStart;
  }
  const stream = await transcoder.live(source, job, signal);
  reply.type(job.mime).header('cache-control', 'private, no-store');
  if (options.disposition) reply.header('content-disposition', options.disposition);
  void reply.send(limitRate(stream, options.bytesPerSecond));
  return true;
}
