import type { FastifyInstance } from 'fastify';
import type { Sessions } from '../../plugins/session';
import type { DownloadService } from './download.service';
import { CollectionParams, DownloadQuery } from './media.schemas';

export function downloadRoutes(
  app: FastifyInstance,
  sessions: Sessions,
  downloads: DownloadService,
): void {
  app.get('/downloader/collection/:id', async (request, reply) => {
    const auth = await sessions.requireUser(request);
    const { id } = CollectionParams.parse(request.params);
    const { format } = DownloadQuery.parse(request.query);
    await downloads.collection(request, reply, auth, id, format);
    return reply;
  });
}
