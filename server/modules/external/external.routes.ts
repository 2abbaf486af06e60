import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DownloadRequestSchema, ExternalSearchQuerySchema } from '../../../domain/external';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../errors';
import { loadCaller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import { DeezerSearchClient } from './deezer-search.client';
import { PerUserLimit } from './per-user-limit';

const SEARCHES_PER_MINUTE = 30;

const ServerParams = z.object({
  server: z.string().regex(/^[\w.-]{1,64}$/, { error: 'server must be a server name' }),
});
const StatusParams = ServerParams.extend({
  downloadId: z.string().regex(/^[\w-]{1,128}$/, { error: 'downloadId is not valid' }),
});

const NOT_YET =
  'Queueing external downloads is not available yet: the downloader arrives with the servers feature.';

/** External catalogue search (server-side, so the browser needs no third-party access). */
export function externalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, sessions, config } = deps;
  const client = new DeezerSearchClient(config.externalSearchUrl);
  // Each search costs a call to a third party that rate-limits us in turn.
  const limit = new PerUserLimit(SEARCHES_PER_MINUTE, 60_000);

  app.get('/api/external/search', async (request) => {
    const caller = await loadCaller(db, await sessions.requireUser(request));
    requireBrowse(caller);
    const { q, index } = ExternalSearchQuerySchema.parse(request.query);
    limit.consume(caller.userId);
    return client.search(q, index);
  });

  // Until the downloader exists these validate like the real calls, then say so plainly.
  app.post('/downloader/request/:server', async (request) => {
    await sessions.requireUser(request);
    ServerParams.parse(request.params);
    DownloadRequestSchema.parse(request.body);
    throw new HttpError(501, NOT_YET);
  });

  app.get('/downloader/request/:server/status/:downloadId', async (request) => {
    await sessions.requireUser(request);
    StatusParams.parse(request.params);
    throw new HttpError(501, NOT_YET);
  });
}
