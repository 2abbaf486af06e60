import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../access/caller';
import { UNPLAYABLE_IN_BROWSER } from '../../../domain/audio-format';
import type { Waveform } from '../../../domain/collection';
import { assertOnDisk } from '../../media/on-disk';
import { computeWaveform } from '../../media/waveform';
import { requestStartsAtZero, sendFileRange } from '../../media/send-file-range';
import { sendTranscode } from '../../media/send-transcode';
import { formatJob, previewJob, type Transcoder } from '../../media/transcoder';
import { assertPlayFull, speedLimit } from '../../access/rights';
import type { CatalogueWriteRepository } from '../catalogue';
import { requireAudio, type MediaContext, type MediaContexts } from './media-context';
import { originalMime } from './media-names';
import type { MediaFile, MediaRepository } from './media.repository';
import type { StoredFiles } from '../../storage/stored-files';

const unplayable = new Set<string>(UNPLAYABLE_IN_BROWSER);

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
   * The whole track with ranges; originals Chromium cannot play go out as MP3 320. A play is
   * counted only for requests from byte 0, so seeking does not inflate the counts. Paced as a
   * stream is (stream-pace.ts) unless `whole` (the app's offline copy) asks for all of it now.
   */
  async play(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    fileId: number,
    whole = false,
  ): Promise<void> {
    const { context, file } = await this.contexts.forFileOnDisk(caller, fileId, this.files);
    const audio = requireAudio(file);
    assertPlayFull(context.caller, context.priced, context.unlock);
    const bytesPerSecond = speedLimit(context.caller);
    const counts = requestStartsAtZero(request) && request.method !== 'HEAD';
    const playSeconds = whole ? null : audio.duration;
    let fromStart: boolean;
    if (unplayable.has(audio.format)) {
      fromStart = await sendTranscode(
        request,
        reply,
        this.transcoder,
        file.path,
        formatJob(file.path, 'MP3_320'),
        { bytesPerSecond, playSeconds },
      );
    } else {
      fromStart = (
        await sendFileRange(request, reply, {
          path: file.path,
          files: this.files,
          mime: originalMime(file),
          bytesPerSecond,
          playSeconds,
        })
      ).fromStart;
    }
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

  /** The preview clip of a file already loaded for this caller (also /rest's stream). */
  async sendPreview(
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
