import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DownloadRequestSchema, ExternalSearchQuerySchema } from '../../../domain/external';
import type { AppDeps } from '../../app-deps';
import { loadCaller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import {
  requestsLimited,
  requireDownloadRequests,
  requireRequestOwner,
} from '../../access/servers';
import { NotFound } from '../../errors';
import { DownloadRequestsRepository } from '../servers/download-requests.repository';
import type { ServersService } from '../servers/servers.service';
import { DeezerSearchClient } from './deezer-search.client';
import { PerUserLimit } from './per-user-limit';

const SEARCHES_PER_MINUTE = 30;
const REQUESTS_PER_MINUTE = 10;

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

/** A platform names the source that downloads its links (deezer → deezer, a link → url). */
const sourceOf = (platform: string) =>
  (['deezer', 'spotify', 'torrent', 'url'] as const).find((s) => s === platform.toLowerCase()) ??
  'url';

/** External catalogue search, and queueing a found track for download into the library. */
export function externalRoutes(app: FastifyInstance, deps: AppDeps, servers: ServersService): void {
  const { db, sessions, config, settings } = deps;
  const client = new DeezerSearchClient(config.externalSearchUrl);
  // Each search costs a call to a third party that rate-limits us in turn.
  const limit = new PerUserLimit(SEARCHES_PER_MINUTE, 60_000);
  const requestLimit = new PerUserLimit(REQUESTS_PER_MINUTE, 60_000);
  const requests = new DownloadRequestsRepository(db);

  app.get('/api/external/search', async (request) => {
    const caller = await loadCaller(db, await sessions.requireUser(request));
    requireBrowse(caller);
    const { q, index } = ExternalSearchQuerySchema.parse(request.query);
    limit.consume(caller.userId);
    return client.search(q, index);
  });

  // Counted against remainingRequests; given back when the server refuses to queue it.
  app.post('/downloader/request/:server', async (request) => {
    const caller = await loadCaller(db, await sessions.requireUser(request));
    const { server } = ServerParams.parse(request.params);
    const { platform, url } = DownloadRequestSchema.parse(request.body);
    requireDownloadRequests(caller, await settings.get());
    const backend = await servers.backend(server);
    requestLimit.consume(caller.userId);
    const limited = requestsLimited(caller);
    await requests.takeRequest(caller.userId, limited);
    try {
      const download = await backend.addDownload({
        url,
        source: sourceOf(platform),
        name: null,
        keepOriginal: false,
        options: (await settings.get()).downloaderDefaults[sourceOf(platform)] ?? {},
      });
      await requests.record(server, download.downloadId, caller.userId);
      return { downloadId: String(download.downloadId) };
    } catch (error) {
      await requests.returnRequest(caller.userId, limited);
      throw error;
    }
  });

  app.get('/downloader/request/:server/status/:downloadId', async (request) => {
    const caller = await loadCaller(db, await sessions.requireUser(request));
    const { server, downloadId } = StatusParams.parse(request.params);
    if (!requireRequestOwner(caller, await requests.owner(server, downloadId)))
      throw new NotFound('No such download');
    const backend = await servers.backend(server);
    const download = await backend.getDownload(downloadId);
    return {
      collectionId: download.state === 'done' ? download.collectionId : null,
      state: download.state,
      downloadId: String(download.downloadId),
    };
  });
}
