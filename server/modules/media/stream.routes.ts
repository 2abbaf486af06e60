import type { FastifyInstance } from 'fastify';
import type { DownloadService } from './download.service';
import { DownloadQuery, FileParams, PlaybackQuery } from './media.schemas';
import type { PlaybackService } from './playback.service';

/** The player's calls; GET /downloader/file without playback is a download. */
export function streamRoutes(
  app: FastifyInstance,
  playback: PlaybackService,
  downloads: DownloadService,
): void {
  app.get('/downloader/file/:fileId', async (request, reply) => {
    const caller = await request.caller();
    const { fileId } = FileParams.parse(request.params);
    const query = DownloadQuery.parse(request.query);
    if (query.playback) await playback.play(request, reply, caller, fileId);
    else await downloads.file(request, reply, caller, fileId, query.format);
    return reply;
  });

  app.get('/downloader/preview/:fileId', async (request, reply) => {
    const caller = await request.caller();
    const { fileId } = FileParams.parse(request.params);
    PlaybackQuery.parse(request.query);
    await playback.preview(request, reply, caller, fileId);
    return reply;
  });

  app.get('/downloader/waveform/:fileId', async (request) => {
    const caller = await request.caller();
    const { fileId } = FileParams.parse(request.params);
    return playback.waveform(caller, fileId);
  });
}
