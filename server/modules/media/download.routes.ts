import type { FastifyInstance } from 'fastify';
import { DownloadQuerySchema } from '../../../domain/media';
import { IdParams } from '../../../domain/params';
import { signedIn } from '../../access/request-caller';
import { api } from '../../plugins/route-schemas';
import type { DownloadService } from './download.service';

/** GET /downloader/collection/{id}?format=: the collection as a zip streamed while it is built. */
export function downloadRoutes(app: FastifyInstance, downloads: DownloadService): void {
  api(app).get(
    '/downloader/collection/:id',
    {
      preValidation: signedIn,
      schema: { tags: ['media'], params: IdParams, querystring: DownloadQuerySchema },
    },
    async (request, reply) => {
      const caller = await request.caller();
      await downloads.collection(request, reply, caller, request.params.id, request.query.format);
      return reply;
    },
  );
}
