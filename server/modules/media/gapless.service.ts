import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  GAPLESS_MIN_BYTES_PER_SECOND,
  GAPLESS_TRIM_HEADER,
  formatTrim,
} from '../../../domain/gapless';
import type { Caller } from '../../access/caller';
import { assertPlayFull, speedLimit } from '../../access/rights';
import { Conflict } from '../../errors';
import { gaplessJob } from '../../media/gapless-args';
import { readITunSmpb } from '../../media/gapless-info';
import { remuxCodec, remuxJob } from '../../media/gapless-remux';
import { GaplessTrims, canRetime } from '../../media/gapless-trims';
import { requestStartsAtZero } from '../../media/send-file-range';
import { sendTranscode } from '../../media/send-transcode';
import type { Transcoder } from '../../media/transcoder';
import type { StoredFiles } from '../../storage/stored-files';
import { requireAudio, type MediaContexts } from './media-context';
import type { MediaRepository } from './media.repository';

export const GAPLESS_TOO_SLOW =
  'Gapless playback needs a faster connection than your account allows';

/**
 * The gapless stream (decisions 0052 and 0060): a lossy original's own frames with where its
 * samples lie (a header), or the track decoded once, without its encoder delay and padding, as
 * FLAC in fragmented MP4 (lossless originals, previews, and lossy codecs that cannot be passed
 * on). The same access path as the stream route: the file's collection must be visible, a full
 * track must be playable in full, the role's speed limit applies, and a full track heard from
 * its start counts as a play.
 */
export class GaplessService {
  private readonly trims: GaplessTrims;

  constructor(
    private readonly repo: MediaRepository,
    private readonly contexts: MediaContexts,
    private readonly transcoder: Transcoder,
    private readonly files: StoredFiles,
  ) {
    this.trims = new GaplessTrims(transcoder);
  }

  async stream(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    fileId: number,
    options: { preview: boolean; again: boolean },
  ): Promise<void> {
    const { context, file } = await this.contexts.forFileOnDisk(caller, fileId, this.files);
    const audio = requireAudio(file);
    if (!options.preview) assertPlayFull(context.caller, context.priced, context.unlock);
    const bytesPerSecond = speedLimit(context.caller);
    const codec = options.preview
      ? null
      : remuxCodec(audio.format, canRetime(this.transcoder.binary()));
    const trim = codec ? await this.trims.of(file.path, codec).catch(() => null) : null;
    let job;
    if (codec && trim) {
      job = remuxJob(file.path, codec);
      reply.header(GAPLESS_TRIM_HEADER, formatTrim(trim));
    } else {
      // The original's own frames travel at the rate of the element deck's stream; FLAC needs more.
      if (bytesPerSecond !== null && bytesPerSecond < GAPLESS_MIN_BYTES_PER_SECOND)
        throw new Conflict(GAPLESS_TOO_SLOW);
      // A tag reader opens paths: on object storage this reads a temporary copy (AAC only).
      const smpb =
        audio.format === 'AAC'
          ? await this.files.withLocalFile(file.path, readITunSmpb).catch(() => null)
          : null;
      job = gaplessJob(file.path, {
        format: audio.format,
        duration: audio.duration,
        preview: options.preview,
        validFrames: smpb?.validFrames ?? null,
      });
    }
    const counts =
      !options.preview &&
      !options.again &&
      requestStartsAtZero(request) &&
      request.method !== 'HEAD';
    const fromStart = await sendTranscode(request, reply, this.transcoder, file.path, job, {
      bytesPerSecond,
      playSeconds: options.preview ? null : audio.duration,
    });
    if (counts && fromStart && reply.statusCode < 300)
      await this.repo.countPlay(file.fileId, file.collectionId);
  }
}
