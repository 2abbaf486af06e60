import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DownloadRequestedSchema,
  DownloadRequestSchema,
  DownloadStatusSchema,
  ExternalSearchQuerySchema,
  ExternalSearchResultSchema,
} from '../../../domain/external';
import { positiveId } from '../../../domain/params';
import { serverId } from '../../../domain/servers';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const ServerParams = z.object({ server: serverId('server') });
const StatusParams = ServerParams.extend({ downloadId: positiveId('downloadId') });
const tags = ['external'];

/** External catalogue search, and queueing a found track for download into the library. */
export function externalRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { external } = services;
  const r = api(app);
  // Signed in before anything is validated (401 before 400).
  const auth = { preValidation: signedIn };

  r.get(
    '/api/external/search',
    {
      ...auth,
      schema: {
        tags,
        querystring: ExternalSearchQuerySchema,
        response: { 200: ExternalSearchResultSchema },
      },
    },
    async (request) =>
      external.search(await request.caller(), request.query.q, request.query.index),
  );

  r.post(
    '/downloader/request/:server',
    {
      ...auth,
      schema: {
        tags,
        params: ServerParams,
        body: DownloadRequestSchema,
        response: { 200: DownloadRequestedSchema },
      },
    },
    async (request) =>
      external.request(await request.caller(), request.params.server, request.body),
  );

  r.get(
    '/downloader/request/:server/status/:downloadId',
    { ...auth, schema: { tags, params: StatusParams, response: { 200: DownloadStatusSchema } } },
    async (request) =>
      external.status(await request.caller(), request.params.server, request.params.downloadId),
  );
}
