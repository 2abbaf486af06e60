import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParams, OkSchema } from '../../../domain/params';
import {
  RequestDetailSchema,
  RequestFillSchema,
  RequestInputSchema,
  RequestListQuerySchema,
  RequestPageSchema,
  RequestSchema,
} from '../../../domain/request';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['requests'];

/** Spec part 2, section 7 "Requests". */
export function requestsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { requests } = services;
  const r = api(app);
  // Signed in and allowed requests (403) before anything is validated, as every route was.
  const open = {
    preValidation: async (request: FastifyRequest): Promise<void> => {
      await requests.open(await request.caller());
    },
  };

  r.get(
    '/api/request',
    {
      ...open,
      schema: { tags, querystring: RequestListQuerySchema, response: { 200: RequestPageSchema } },
    },
    (request) => requests.list(request.query),
  );

  r.put(
    '/api/request',
    { ...open, schema: { tags, body: RequestInputSchema, response: { 200: RequestSchema } } },
    async (request) => requests.create(await request.caller(), request.body),
  );

  r.get(
    '/api/request/:id',
    { ...open, schema: { tags, params: IdParams, response: { 200: RequestDetailSchema } } },
    async (request) => requests.detail(await request.caller(), request.params.id),
  );

  r.post(
    '/api/request/:id',
    {
      ...open,
      schema: {
        tags,
        params: IdParams,
        body: RequestInputSchema,
        response: { 200: RequestSchema },
      },
    },
    async (request) => requests.edit(await request.caller(), request.params.id, request.body),
  );

  r.put(
    '/api/request/:id',
    {
      ...open,
      schema: { tags, params: IdParams, body: RequestFillSchema, response: { 200: RequestSchema } },
    },
    async (request) =>
      requests.fill(await request.caller(), request.params.id, request.body.collectionId),
  );

  r.delete(
    '/api/request/:id',
    { ...open, schema: { tags, params: IdParams, response: { 200: OkSchema } } },
    async (request) => {
      await requests.delete(await request.caller(), request.params.id);
      return { ok: true as const };
    },
  );
}
