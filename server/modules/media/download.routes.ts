import type { FastifyInstance } from 'fastify';
import type { DownloadService } from './download.service';
import { CollectionParams, DownloadQuery } from './media.schemas';

export function downloadRoutes(app: FastifyInstance, downloads: DownloadService): void {
  app.get('/downloader/collection/:id', async (request, reply) => {
    const caller = await request.caller();
    const { id } = CollectionParams.parse(request.params);
    const { format } = DownloadQuery.parse(request.query);
    await downloads.collection(request, reply, caller, id, format);
    return reply;
  });
}
