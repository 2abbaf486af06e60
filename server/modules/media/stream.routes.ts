import type { FastifyInstance } from 'fastify';
import { WaveformSchema } from '../../../domain/collection';
import { DownloadQuerySchema, FileIdParams, PlaybackQuerySchema } from '../../../domain/media';
import { signedIn } from '../../access/request-caller';
import { api } from '../../plugins/route-schemas';
import type { DownloadService } from './download.service';
import type { PlaybackService } from './playback.service';

const tags = ['media'];

/** The player's calls; GET /downloader/file without playback is a download. */
export function streamRoutes(
  app: FastifyInstance,
  playback: PlaybackService,
  downloads: DownloadService,
): void {
  const r = api(app);
  // Signed in before anything is validated (401 before 400).
  const auth = { preValidation: signedIn };

  // Bytes (ranges, transcodes): params and query declared, no response schema.
  r.get(
    '/downloader/file/:fileId',
    { ...auth, schema: { tags, params: FileIdParams, querystring: DownloadQuerySchema } },
    async (request, reply) => {
      const caller = await request.caller();
      const { fileId } = request.params;
      if (request.query.playback)
        await playback.play(request, reply, caller, fileId, { whole: request.query.whole });
      else await downloads.file(request, reply, caller, fileId, request.query.format);
      return reply;
    },
  );

  r.get(
    '/downloader/preview/:fileId',
    { ...auth, schema: { tags, params: FileIdParams, querystring: PlaybackQuerySchema } },
    async (request, reply) => {
      await playback.preview(request, reply, await request.caller(), request.params.fileId);
      return reply;
    },
  );

  r.get(
    '/downloader/waveform/:fileId',
    { ...auth, schema: { tags, params: FileIdParams, response: { 200: WaveformSchema } } },
    async (request) => playback.waveform(await request.caller(), request.params.fileId),
  );
}
