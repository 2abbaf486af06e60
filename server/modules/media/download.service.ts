import { extname } from 'node:path';
import type { Caller } from '../../access/caller';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DownloadFormat } from '../../../domain/audio-format';
import { BadRequest } from '../../errors';
import { attachmentDisposition } from '../../media/content-disposition';
import type { ImageStore } from '../../media/image-store';
import { limitRate, requestStartsAtZero, sendFileRange } from '../../media/send-file-range';
import { abortOnClose, sendTranscode } from '../../media/send-transcode';
import { formatJob, type Transcoder } from '../../media/transcoder';
import { streamZip, type ZipEntry } from '../../media/zip-stream';
import { assertOnDisk } from '../../media/on-disk';
import {
  assertDownload,
  downloadsLimited,
  requireDownloadsLeft,
  speedLimit,
} from '../../access/rights';
import type { MediaContext, MediaContexts } from './media-context';
import { downloadDisposition, originalMime } from './media-names';
import { zipEntryNames } from './zip-entry-names';
import type { MediaFile, MediaRepository } from './media.repository';
import type { StoredFiles } from '../../storage/stored-files';

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif']);
const COVER_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
// Text companions shrink well; audio and images are already compressed.
const COMPRESSIBLE = new Set(['.cue', '.log', '.txt', '.nfo', '.m3u', '.m3u8']);

/** File and collection downloads with every role limit enforced before a byte is sent. */
export class DownloadService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly contexts: MediaContexts,
    private readonly transcoder: Transcoder,
    private readonly images: ImageStore,
    private readonly files: StoredFiles,
  ) {}

  async file(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    fileId: number,
    format: DownloadFormat,
  ): Promise<void> {
    const { context, file } = await this.contexts.forFileOnDisk(caller, fileId, this.files);
    await this.sendFile(request, reply, context, file, format);
  }

  /** A zip of the collection built while it is sent; a single-track collection is that track. */
  async collection(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    collectionId: number,
    format: DownloadFormat,
  ): Promise<void> {
    const context = await this.contexts.forCollection(caller, collectionId);
    const files = await this.repo.collectionFiles(collectionId);
    // Before anything is counted or sent: a zip cannot take back what it already streamed.
    await assertOnDisk(
      this.files,
      files.map((f) => f.path),
    );
    const audio = files.filter((f) => f.audio !== null);
    if (audio.length === 1 && audio[0])
      return this.sendFile(request, reply, context, audio[0], format);
    await this.assertMayDownload(context, format);
    // Without ffmpeg the 503 comes before a download is counted against the caller.
    if (format !== 'original' && audio.length > 0) this.transcoder.binary();
    const signal = abortOnClose(reply);
    const entries = await this.zipEntries(context, files, format, signal);
    // The first transcode runs before the answer starts, so a full cache disk (or a broken
    // ffmpeg) is a clear error with nothing counted, not a zip cut off after its headers.
    const firstTranscode = entries.findIndex((entry) => typeof entry.source !== 'string');
    const first = entries[firstTranscode];
    if (first && typeof first.source !== 'string')
      entries[firstTranscode] = { ...first, source: await first.source() };
    const taken = await this.repo.recordDownload(
      context.caller.userId,
      collectionId,
      audio.map((f) => f.fileId),
      {
        limited: downloadsLimited(context.caller),
        countStats: true,
      },
    );
    requireDownloadsLeft(taken);
    reply
      .type('application/zip')
      .header('content-disposition', attachmentDisposition(`${context.collection.name}.zip`));
    reply.header('cache-control', 'private, no-store');
    void reply.send(limitRate(streamZip(entries, signal, this.files), speedLimit(context.caller)));
  }

  /** server/access decides; the settings are read only here, not for every stream. */
  private async assertMayDownload(context: MediaContext, format: DownloadFormat): Promise<void> {
    assertDownload(
      context.caller,
      context.priced,
      context.unlock,
      format,
      await context.settings(),
    );
  }

  private async sendFile(
    request: FastifyRequest,
    reply: FastifyReply,
    context: MediaContext,
    file: MediaFile,
    format: DownloadFormat,
  ): Promise<void> {
    if (!file.audio && format !== 'original')
      throw new BadRequest('Only audio files can be transcoded');
    await this.assertMayDownload(context, format);
    if (format !== 'original') this.transcoder.binary();
    // Resumed (ranged) requests still need the right to download, but count only once.
    const taken = await this.repo.recordDownload(
      context.caller.userId,
      file.collectionId,
      file.audio ? [file.fileId] : [],
      {
        limited: downloadsLimited(context.caller),
        countStats: requestStartsAtZero(request) && request.method !== 'HEAD',
      },
    );
    requireDownloadsLeft(taken);
    const bytesPerSecond = speedLimit(context.caller);
    if (format === 'original') {
      await sendFileRange(request, reply, {
        path: file.path,
        files: this.files,
        mime: originalMime(file),
        bytesPerSecond,
        disposition: downloadDisposition(file),
      });
      return;
    }
    const job = formatJob(file.path, format);
    await sendTranscode(request, reply, this.transcoder, file.path, job, {
      bytesPerSecond,
      disposition: downloadDisposition(file, job.extension),
    });
  }

  private async zipEntries(
    context: MediaContext,
    files: MediaFile[],
    format: DownloadFormat,
    signal: AbortSignal,
  ): Promise<ZipEntry[]> {
    const jobs = new Map(
      files.flatMap((file) =>
        file.audio && format !== 'original' ? [[file, formatJob(file.path, format)] as const] : [],
      ),
    );
    const { named, archive } = zipEntryNames(
      files,
      (file) => jobs.get(file)?.extension ?? (extname(file.relativePath) || extname(file.path)),
    );
    const entries: ZipEntry[] = named.map(({ file, name }): ZipEntry => {
      const job = jobs.get(file);
      if (!job) {
        const compress = COMPRESSIBLE.has(extname(file.path).toLowerCase());
        return { name, source: file.path, compress };
      }
      return {
        name,
        source: () => this.transcoder.ensure(file.path, job, signal),
        compress: false,
      };
    });
    const hash = context.collection.image_hash;
    const hasImage = files.some(
      (f) => !f.audio && IMAGE_EXTENSIONS.has(extname(f.path).toLowerCase()),
    );
    if (hash && !hasImage) {
      const ext = COVER_EXTENSIONS[(await this.repo.imageMime(hash)) ?? ''] ?? 'jpg';
      entries.push({
        name: archive.claim('cover', ext),
        source: this.images.key(hash),
        compress: false,
      });
    }
    return entries;
  }
}
