import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CreatedCollectionSchema } from '../../../domain/library-upload';
import { bodyOrEmpty, NoContentSchema } from '../../../domain/params';
import {
  IngestBegunSchema,
  IngestFileQuerySchema,
  IngestFinishSchema,
  IngestLogSchema,
  IngestParamsSchema,
} from '../../../domain/servers';
import { Unauthorized } from '../../errors';
import { api } from '../../plugins/route-schemas';
import type { IngestService } from './ingest.service';

const tags = ['servers'];

/**
 * Where nodes hand over finished downloads: start a hand-over, stream each file (raw body,
 * never buffered), finish to import them as one collection. Also the nodes' log lines.
 * A node proves itself with its server token (Authorization: Bearer), checked before any body
 * is read; these routes are on body-guard's and the XSRF check's public lists for that reason.
 */
export async function ingestRoutes(app: FastifyInstance, ingest: IngestService): Promise<void> {
  const callers = new WeakMap<FastifyRequest, number>();
  const serverOf = (request: FastifyRequest): number => {
    const serverId = callers.get(request);
    if (serverId === undefined) throw new Unauthorized('A server token is required');
    return serverId;
  };

  await app.register((scope, _opts, registered) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
      done(null, payload),
    );
    scope.addHook('onRequest', async (request, reply) => {
      const serverId = await ingest.serverOf(request.headers.authorization);
      if (serverId === null) {
        reply.header('connection', 'close');
        throw new Unauthorized('A valid server token is required');
      }
      callers.set(request, serverId);
    });
    const r = api(scope);

    r.post(
      '/downloader/ingest/begin',
      { schema: { tags, response: { 200: IngestBegunSchema } } },
      async (request) => ingest.begin(serverOf(request)),
    );

    // The body is the file itself (application/octet-stream), streamed by the service.
    r.put(
      '/downloader/ingest/:ingestId/file',
      {
        schema: {
          tags,
          params: IngestParamsSchema,
          querystring: IngestFileQuerySchema,
          response: { 204: NoContentSchema },
        },
      },
      async (request, reply) => {
        await ingest.receiveFile(
          serverOf(request),
          request.params.ingestId,
          request.query.path,
          request.body,
          Number(request.headers['content-length'] ?? 0),
        );
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/downloader/ingest/:ingestId/finish',
      {
        schema: {
          tags,
          params: IngestParamsSchema,
          body: bodyOrEmpty(IngestFinishSchema),
          response: { 200: CreatedCollectionSchema },
        },
      },
      async (request) =>
        ingest.finish(serverOf(request), request.params.ingestId, request.body.name ?? null),
    );

    r.post(
      '/downloader/ingest/log',
      {
        bodyLimit: 1024 * 1024,
        schema: { tags, body: IngestLogSchema, response: { 204: NoContentSchema } },
      },
      async (request, reply) => {
        ingest.log(serverOf(request), request.body.lines);
        return reply.status(204).send(null);
      },
    );
    registered();
  });
}
