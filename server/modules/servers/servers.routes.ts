import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DownloadDeleteSchema,
  DownloadInputSchema,
  RssFeedInputSchema,
  ServerInputSchema,
  ServerUpdateSchema,
} from '../../../domain/servers';
import { requireServerAdmin } from '../../access/servers';
import type { AppDeps } from '../../app-deps';
import type { ServersService } from './servers.service';

const ServerParams = z.object({
  id: z.coerce
    .number({ error: 'server id must be a number' })
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});
const DownloadParams = ServerParams.extend({
  downloadId: z.coerce.number({ error: 'downloadId must be a number' }).int().positive(),
});
const FeedParams = ServerParams.extend({
  feedId: z.coerce.number({ error: 'feedId must be a number' }).int().positive(),
});

/** A dropped .torrent travels base64 in the url field (spec part 2 §5): room for a large one. */
const DOWNLOAD_BODY_LIMIT = 12 * 1024 * 1024;

/**
 * /api/server (the server list) and /downloader/{id}/api/* (one server's downloads and feeds),
 * administrators only; the latter run in-process for the local server or go to the node.
 */
export function serversRoutes(app: FastifyInstance, deps: AppDeps, servers: ServersService): void {
  const admin = async (request: FastifyRequest): Promise<void> => {
    requireServerAdmin(await request.caller());
  };
  const backendOf = async (request: FastifyRequest) => {
    await admin(request);
    return servers.backend(ServerParams.parse(request.params).id);
  };

  app.get('/api/server', async (request) => {
    await admin(request);
    return servers.list();
  });
  app.put('/api/server', async (request) => {
    await admin(request);
    return servers.create(ServerInputSchema.parse(request.body));
  });
  app.post('/api/server/:id', async (request) => {
    await admin(request);
    const { id } = ServerParams.parse(request.params);
    return servers.update(id, ServerUpdateSchema.parse(request.body));
  });
  app.delete('/api/server/:id', async (request, reply) => {
    await admin(request);
    await servers.delete(ServerParams.parse(request.params).id);
    return reply.status(204).send();
  });

  app.get('/downloader/:id/api/download', async (request) =>
    (await backendOf(request)).listDownloads(),
  );
  app.get('/downloader/:id/api/download/:downloadId', async (request) => {
    const backend = await backendOf(request);
    return backend.getDownload(DownloadParams.parse(request.params).downloadId);
  });
  app.post('/downloader/:id/api/download', { bodyLimit: DOWNLOAD_BODY_LIMIT }, async (request) => {
    const backend = await backendOf(request);
    return backend.addDownload(DownloadInputSchema.parse(request.body));
  });
  // The spec's DELETE /downloader/{id}/api/download carries the id in its body; the path form
  // is the same call for clients that cannot send a body with DELETE.
  app.delete('/downloader/:id/api/download', async (request, reply) => {
    const backend = await backendOf(request);
    await backend.deleteDownload(DownloadDeleteSchema.parse(request.body ?? {}).downloadId);
    return reply.status(204).send();
  });
  app.delete('/downloader/:id/api/download/:downloadId', async (request, reply) => {
    const backend = await backendOf(request);
    await backend.deleteDownload(DownloadParams.parse(request.params).downloadId);
    return reply.status(204).send();
  });

  app.get('/downloader/:id/api/rss', async (request) => (await backendOf(request)).listFeeds());
  app.post('/downloader/:id/api/rss', async (request) => {
    const backend = await backendOf(request);
    return backend.addFeed(RssFeedInputSchema.parse(request.body));
  });
  app.delete('/downloader/:id/api/rss/:feedId', async (request, reply) => {
    const backend = await backendOf(request);
    await backend.deleteFeed(FeedParams.parse(request.params).feedId);
    return reply.status(204).send();
  });
}
