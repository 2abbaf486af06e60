import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bodyOrEmpty, NoContentSchema, positiveId } from '../../../domain/params';
import {
  DownloadDeleteSchema,
  DownloadInputSchema,
  DownloadSchema,
  RssFeedInputSchema,
  RssFeedSchema,
  ServerInputSchema,
  serverId,
  ServerSchema,
  ServerUpdateSchema,
} from '../../../domain/servers';
import { requireServerAdmin } from '../../access/servers';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const ServerParams = z.object({ id: serverId('server id') });
const DownloadParams = ServerParams.extend({ downloadId: positiveId('downloadId') });
const FeedParams = ServerParams.extend({ feedId: positiveId('feedId') });
const tags = ['servers'];

/** A dropped .torrent travels base64 in the url field (spec part 2 §5): room for a large one. */
const DOWNLOAD_BODY_LIMIT = 12 * 1024 * 1024;

/**
 * /api/server (the server list) and /downloader/{id}/api/* (one server's downloads and feeds),
 * administrators only; the latter run in-process for the local server or go to the node.
 */
export function serversRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { servers } = services;
  const r = api(app);
  // Administrators only, refused before anything is validated (401/403 before 400).
  const admin = {
    preValidation: async (request: FastifyRequest) => {
      requireServerAdmin(await request.caller());
    },
  };

  r.get(
    '/api/server',
    { ...admin, schema: { tags, response: { 200: z.array(ServerSchema) } } },
    () => servers.list(),
  );
  r.put(
    '/api/server',
    { ...admin, schema: { tags, body: ServerInputSchema, response: { 200: ServerSchema } } },
    (request) => servers.create(request.body),
  );
  r.post(
    '/api/server/:id',
    {
      ...admin,
      schema: {
        tags,
        params: ServerParams,
        body: ServerUpdateSchema,
        response: { 200: ServerSchema },
      },
    },
    (request) => servers.update(request.params.id, request.body),
  );
  r.delete(
    '/api/server/:id',
    { ...admin, schema: { tags, params: ServerParams, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      await servers.delete(request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/downloader/:id/api/download',
    {
      ...admin,
      schema: { tags, params: ServerParams, response: { 200: z.array(DownloadSchema) } },
    },
    async (request) => (await servers.backend(request.params.id)).listDownloads(),
  );
  r.get(
    '/downloader/:id/api/download/:downloadId',
    { ...admin, schema: { tags, params: DownloadParams, response: { 200: DownloadSchema } } },
    async (request) =>
      (await servers.backend(request.params.id)).getDownload(request.params.downloadId),
  );
  r.post(
    '/downloader/:id/api/download',
    {
      ...admin,
      bodyLimit: DOWNLOAD_BODY_LIMIT,
      schema: {
        tags,
        params: ServerParams,
        body: DownloadInputSchema,
        response: { 200: DownloadSchema },
      },
    },
    async (request) => (await servers.backend(request.params.id)).addDownload(request.body),
  );
  // The spec's DELETE /downloader/{id}/api/download carries the id in its body; the path form
  // is the same call for clients that cannot send a body with DELETE.
  r.delete(
    '/downloader/:id/api/download',
    {
      ...admin,
      schema: {
        tags,
        params: ServerParams,
        body: bodyOrEmpty(DownloadDeleteSchema),
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      const backend = await servers.backend(request.params.id);
      await backend.deleteDownload(request.body.downloadId);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/downloader/:id/api/download/:downloadId',
    { ...admin, schema: { tags, params: DownloadParams, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      const backend = await servers.backend(request.params.id);
      await backend.deleteDownload(request.params.downloadId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/downloader/:id/api/rss',
    { ...admin, schema: { tags, params: ServerParams, response: { 200: z.array(RssFeedSchema) } } },
    async (request) => (await servers.backend(request.params.id)).listFeeds(),
  );
  r.post(
    '/downloader/:id/api/rss',
    {
      ...admin,
      schema: {
        tags,
        params: ServerParams,
        body: RssFeedInputSchema,
        response: { 200: RssFeedSchema },
      },
    },
    async (request) => (await servers.backend(request.params.id)).addFeed(request.body),
  );
  r.delete(
    '/downloader/:id/api/rss/:feedId',
    { ...admin, schema: { tags, params: FeedParams, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      const backend = await servers.backend(request.params.id);
      await backend.deleteFeed(request.params.feedId);
      return reply.status(204).send(null);
    },
  );
}
