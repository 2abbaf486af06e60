import type { FastifyInstance } from 'fastify';
import { UNPLAYABLE_IN_BROWSER } from '../../../domain/audio-format';
import { widthAsked } from '../../../domain/image-path';
import { ImageQuerySchema } from '../../../domain/media';
import { ShareFileParams, ShareTokenParams } from '../../../domain/shares';
import { SHARE_NOT_FOUND } from '../../access/share-rights';
import { NotFound } from '../../errors';
import { sendFileRange } from '../../media/send-file-range';
import { sendTranscode } from '../../media/send-transcode';
import type { ImageStore } from '../../media/image-store';
import { formatJob, previewJob, type Transcoder } from '../../media/transcoder';
import { api } from '../../plugins/route-schemas';
import type { StoredFiles } from '../../storage/stored-files';
import { originalMime } from '../media';
import type { SharedContent } from './shared-content';
import type { SharesService } from './shares.service';

const tags = ['share links'];
const unplayable = new Set<string>(UNPLAYABLE_IN_BROWSER);

/** The app's media helpers a link's media is answered with (built once by server/root). */
export interface ShareMedia {
  transcoder: Transcoder;
  files: StoredFiles;
  images: ImageStore;
}

/**
 * A link's media, scoped to it: only files it lists, only the 30 s preview clip, and the whole
 * track only where full streams apply (a free collection, the admin's setting on). Never a
 * download: no format choice, no attachment, no download counter.
 */
export function shareMediaRoutes(
  app: FastifyInstance,
  shares: SharesService,
  content: SharedContent,
  media: ShareMedia,
): void {
  const r = api(app);

  r.get(
    '/api/share/:token/preview/:fileId',
    { schema: { tags, params: ShareFileParams } },
    async (request, reply) => {
      const open = await shares.open(request.params.token, request.ip);
      const { file } = await content.file(open, request.params.fileId);
      const job = previewJob(file.path, file.audio?.duration ?? 0);
      await sendTranscode(request, reply, media.transcoder, file.path, job, {
        bytesPerSecond: null,
      });
      return reply;
    },
  );

  r.get(
    '/api/share/:token/stream/:fileId',
    { schema: { tags, params: ShareFileParams } },
    async (request, reply) => {
      const open = await shares.open(request.params.token, request.ip);
      const { file, full } = await content.file(open, request.params.fileId);
      // Same answer as a file the link does not list: the link tells nothing more.
      if (!full) throw new NotFound(SHARE_NOT_FOUND);
      if (unplayable.has(file.audio?.format ?? '')) {
        const job = formatJob(file.path, 'MP3_320');
        await sendTranscode(request, reply, media.transcoder, file.path, job, {
          bytesPerSecond: null,
          playSeconds: file.audio?.duration,
        });
      } else {
        await sendFileRange(request, reply, {
          path: file.path,
          files: media.files,
          mime: originalMime(file),
          bytesPerSecond: null,
          playSeconds: file.audio?.duration,
        });
      }
      return reply;
    },
  );

  r.get(
    '/api/share/:token/cover',
    { schema: { tags, params: ShareTokenParams, querystring: ImageQuerySchema } },
    async (request, reply) => {
      const open = await shares.open(request.params.token, request.ip);
      const cover = await content.cover(open);
      const width = widthAsked(request.query);
      const copy =
        width === null
          ? { key: media.images.key(cover.hash) }
          : await media.images.thumbnailToSend(cover.hash, width);
      // Content-addressed, but answered only while the link is live: a short private cache.
      reply.header('cache-control', 'private, max-age=3600');
      return reply
        .type(width === null ? cover.mime : 'image/webp')
        .send('data' in copy ? copy.data : await media.images.read(copy.key));
    },
  );
}
