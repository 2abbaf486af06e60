import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DownloadRequestSchema, ExternalSearchQuerySchema } from '../../../domain/external';
import type { AppDeps } from '../../app-deps';
import { DownloadRequestsRepository } from '../servers/download-requests.repository';
import type { ServersService } from '../servers/servers.service';
import { DeezerSearchClient } from './deezer-search.client';
import { ExternalService } from './external.service';

const ServerParams = z.object({
  server: z.coerce
    .number({ error: 'server must be a server id' })
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});
const StatusParams = ServerParams.extend({
  downloadId: z.coerce.number({ error: 'downloadId is not valid' }).int().positive(),
});

/** External catalogue search, and queueing a found track for download into the library. */
export function externalRoutes(app: FastifyInstance, deps: AppDeps, servers: ServersService): void {
  const external = new ExternalService({
    client: new DeezerSearchClient(deps.config.externalSearchUrl),
    requests: new DownloadRequestsRepository(deps.db),
    servers,
    settings: deps.settings,
  });

  app.get('/api/external/search', async (request) => {
    const caller = await request.caller();
    const { q, index } = ExternalSearchQuerySchema.parse(request.query);
    return external.search(caller, q, index);
  });

  app.post('/downloader/request/:server', async (request) => {
    const caller = await request.caller();
    const { server } = ServerParams.parse(request.params);
    return external.request(caller, server, DownloadRequestSchema.parse(request.body));
  });

  app.get('/downloader/request/:server/status/:downloadId', async (request) => {
    const caller = await request.caller();
    const { server, downloadId } = StatusParams.parse(request.params);
    return external.status(caller, server, downloadId);
  });
}
