import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, OkSchema } from '../../../domain/params';
import {
  NewTicketSchema,
  TicketCreatedSchema,
  TicketDetailSchema,
  TicketOpenSchema,
  TicketRepliedSchema,
  TicketReplySchema,
  TicketSchema,
} from '../../../domain/ticket';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['support'];

/** Support tickets: GET/PUT /api/ticket, GET/POST/PUT/DELETE /api/ticket/{id}. */
export function supportRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { support } = services;
  const r = api(app);
  const auth = { preValidation: signedIn };

  r.get(
    '/api/ticket',
    { ...auth, schema: { tags, response: { 200: z.array(TicketSchema) } } },
    async (request) => support.list(await request.caller()),
  );

  r.put(
    '/api/ticket',
    { ...auth, schema: { tags, body: NewTicketSchema, response: { 200: TicketCreatedSchema } } },
    async (request) => ({ ticketId: await support.create(await request.caller(), request.body) }),
  );

  r.get(
    '/api/ticket/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: TicketDetailSchema } } },
    async (request) => support.detail(await request.caller(), request.params.id),
  );

  r.post(
    '/api/ticket/:id',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        body: TicketOpenSchema,
        response: { 200: TicketDetailSchema },
      },
    },
    async (request) =>
      support.setOpen(await request.caller(), request.params.id, request.body.open),
  );

  r.put(
    '/api/ticket/:id',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        body: TicketReplySchema,
        response: { 200: TicketRepliedSchema },
      },
    },
    async (request) => ({
      ticketMessageId: await support.reply(await request.caller(), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/ticket/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: OkSchema } } },
    async (request) => {
      await support.delete(await request.caller(), request.params.id);
      return { ok: true as const };
    },
  );
}
