import type { FastifyReply, FastifyRequest } from 'fastify';
import { GAPLESS_MIN_BYTES_PER_SECOND } from '../../../domain/gapless';
import type { Caller } from '../../access/caller';
import { assertPlayFull, speedLimit } from '../../access/rights';
import { Conflict } from '../../errors';
import { gaplessJob } from '../../media/gapless-args';
import { readITunSmpb } from '../../media/gapless-info';
import { requestStartsAtZero } from '../../media/send-file-range';
import { sendTranscode } from '../../media/send-transcode';
import type { Transcoder } from '../../media/transcoder';
import type { StoredFiles } from '../../storage/stored-files';
import { requireAudio, type MediaContexts } from './media-context';
import type { MediaRepository } from './media.repository';

export const GAPLESS_TOO_SLOW =
  'Gapless playback needs a faster connection than your account allows';

/**
 * The gapless stream (decision 0052): the track decoded once, with its encoder delay and padding
 * removed, as FLAC in fragmented MP4. The same access path as the stream route: the file's
 * collection must be visible, a full track must be playable in full, the role's speed limit
 * applies, and a full track heard from its start counts as a play.
 */
export class GaplessService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly contexts: MediaContexts,
    private readonly transcoder: Transcoder,
    private readonly files: StoredFiles,
  ) {}

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
    if (bytesPerSecond !== null && bytesPerSecond < GAPLESS_MIN_BYTES_PER_SECOND)
      throw new Conflict(GAPLESS_TOO_SLOW);
    // A tag reader opens paths: on object storage this reads a temporary copy (AAC files only).
    const smpb =
      audio.format === 'AAC'
        ? await this.files.withLocalFile(file.path, readITunSmpb).catch(() => null)
        : null;
    const job = gaplessJob(file.path, {
      format: audio.format,
      duration: audio.duration,
      preview: options.preview,
      validFrames: smpb?.validFrames ?? null,
    });
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
