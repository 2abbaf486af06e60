import type { FastifyInstance } from 'fastify';
import type { Sessions } from '../../plugins/session';
import type { DownloadService } from './download.service';
import { DownloadQuery, FileParams, PlaybackQuery } from './media.schemas';
import type { PlaybackService } from './playback.service';

/** The player's calls; GET /downloader/file without playback is a download. */
export function streamRoutes(
  app: FastifyInstance,
  sessions: Sessions,
  playback: PlaybackService,
  downloads: DownloadService,
): void {
  app.get('/downloader/file/:fileId', async (request, reply) => {
    const auth = await sessions.requireUser(request);
    const { fileId } = FileParams.parse(request.params);
    const query = DownloadQuery.parse(request.query);
    if (query.playback) await playback.play(request, reply, auth, fileId);
    else await downloads.file(request, reply, auth, fileId, query.format);
    return reply;
  });

  app.get('/downloader/preview/:fileId', async (request, reply) => {
    const auth = await sessions.requireUser(request);
    const { fileId } = FileParams.parse(request.params);
    PlaybackQuery.parse(request.query);
    await playback.preview(request, reply, auth, fileId);
    return reply;
  });

  app.get('/downloader/waveform/:fileId', async (request) => {
    const auth = await sessions.requireUser(request);
    const { fileId } = FileParams.parse(request.params);
    return playback.waveform(auth, fileId);
  });
}
