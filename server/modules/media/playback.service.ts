import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../access/caller';
import type { Waveform } from '../../../domain/collection';
import { assertOnDisk } from '../../media/on-disk';
import { computeWaveform } from '../../media/waveform';
import { requestStartsAtZero, sendFileRange } from '../../media/send-file-range';
import { sendTranscode } from '../../media/send-transcode';
import { previewJob, type Transcoder } from '../../media/transcoder';
import { assertPlayFull, playsInFull, speedLimit } from '../../access/rights';
import type { CatalogueWriteRepository } from '../catalogue';
import { requireAudio, type MediaContext, type MediaContexts } from './media-context';
import { originalMime } from './media-names';
import type { MediaFile, MediaRepository } from './media.repository';
import type { StoredFiles } from '../../storage/stored-files';
import { planStream, playingSeconds, streamJob, type StreamOptions } from './stream-plan';

/** How a caller's stream differs from the web app player's plain one. */
export interface PlayOptions extends StreamOptions {
  /** The app's offline copy: all of it at once, not paced like a stream. */
  whole?: boolean;
  /**
   * A track the caller may only preview is refused (403; the web app's player then asks for the
   * preview itself) unless this is set: the preview clip is then sent, whatever was asked.
   */
  previewInstead?: boolean;
  /** False for callers that report their plays themselves (Subsonic clients `scrobble`). */
  countPlay?: boolean;
}

/** Full streams, previews and waveforms for the player. */
export class PlaybackService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly catalogue: CatalogueWriteRepository,
    private readonly contexts: MediaContexts,
    private readonly transcoder: Transcoder,
    private readonly files: StoredFiles,
  ) {}

  /**
   * A playback stream of the whole track, with ranges, for the web app's player and /rest's
   * `stream` alike: the one place that decides original or transcode (stream-plan.ts), the
   * role's speed limit and the playback pace (stream-pace.ts; none for a `whole` copy). A play
   * is counted only for requests from byte 0, so seeking does not inflate the counts.
   */
  async play(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    fileId: number,
    options: PlayOptions = {},
  ): Promise<void> {
    const { context, file } = await this.contexts.forFileOnDisk(caller, fileId, this.files);
    const audio = requireAudio(file);
    const { priced, unlock } = context;
    if (options.previewInstead && !playsInFull(context.caller, priced, unlock.unlocked))
      return this.sendPreview(request, reply, context, file);
    assertPlayFull(context.caller, priced, unlock);
    const plan = planStream(options, audio);
    const limits = {
      bytesPerSecond: speedLimit(context.caller),
      playSeconds: options.whole ? null : playingSeconds(plan, audio.duration),
    };
    const counts =
      options.countPlay !== false && requestStartsAtZero(request) && request.method !== 'HEAD';
    const fromStart =
      plan.kind === 'original'
        ? (
            await sendFileRange(request, reply, {
              path: file.path,
              files: this.files,
              mime: originalMime(file),
              ...limits,
            })
          ).fromStart
        : await sendTranscode(
            request,
            reply,
            this.transcoder,
            file.path,
            streamJob(file.path, plan),
            limits,
          );
    if (counts && fromStart && reply.statusCode < 300)
      await this.repo.countPlay(file.fileId, file.collectionId);
  }

  /** A 30 s MP3 clip from the middle of the track: open to everyone who may browse. */
  async preview(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    fileId: number,
  ): Promise<void> {
    const { context, file } = await this.contexts.forFileOnDisk(caller, fileId, this.files);
    await this.sendPreview(request, reply, context, file);
  }

  private async sendPreview(
    request: FastifyRequest,
    reply: FastifyReply,
    context: MediaContext,
    file: MediaFile,
  ): Promise<void> {
    const audio = requireAudio(file);
    const job = previewJob(file.path, audio.duration);
    await sendTranscode(request, reply, this.transcoder, file.path, job, {
      bytesPerSecond: speedLimit(context.caller),
    });
  }

  /** Stored peaks; computed and stored now for a file imported without them. */
  async waveform(caller: Caller, fileId: number): Promise<Waveform> {
    const { file } = await this.contexts.forFile(caller, fileId);
    const audio = requireAudio(file);
    if (audio.waveform) return { waveformData: audio.waveform };
    await assertOnDisk(this.files, [file.path]);
    const peaks = await computeWaveform(await this.files.ffmpegInput(file.path));
    await this.catalogue.setWaveform(file.fileId, peaks);
    return { waveformData: peaks };
  }
}
