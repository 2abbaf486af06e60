import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  RequestFillSchema,
  RequestInputSchema,
  RequestListQuerySchema,
} from '../../../domain/request';
import type { AppDeps } from '../../app-deps';
import { RequestsService } from './requests.service';

const IdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int({ error: 'id must be a whole number' })
    .positive({ error: 'id must be a positive number' }),
});

/** Spec part 2, section 7 "Requests". */
export function requestsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const requests = new RequestsService(deps);
  const caller = async (request: FastifyRequest) => requests.open(await request.caller());

  app.get('/api/request', async (request) => {
    await caller(request);
    return requests.list(RequestListQuerySchema.parse(request.query));
  });

  app.put('/api/request', async (request) => {
    const me = await caller(request);
    return requests.create(me, RequestInputSchema.parse(request.body));
  });

  app.get('/api/request/:id', async (request) => {
    const me = await caller(request);
    return requests.detail(me, IdParams.parse(request.params).id);
  });

  app.post('/api/request/:id', async (request) => {
    const me = await caller(request);
    const { id } = IdParams.parse(request.params);
    return requests.edit(me, id, RequestInputSchema.parse(request.body));
  });

  app.put('/api/request/:id', async (request) => {
    const me = await caller(request);
    const { id } = IdParams.parse(request.params);
    return requests.fill(me, id, RequestFillSchema.parse(request.body).collectionId);
  });

  app.delete('/api/request/:id', async (request) => {
    const me = await caller(request);
    await requests.delete(me, IdParams.parse(request.params).id);
    return { ok: true };
  });
}
