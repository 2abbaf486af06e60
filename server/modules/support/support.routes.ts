import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  NewTicketSchema,
  TicketOpenSchema,
  TicketReplySchema,
  type Ticket,
  type TicketDetail,
} from '../../../domain/ticket';
import type { AppDeps } from '../../app-deps';
import { SupportService } from './support.service';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});

export function supportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { config } = deps;
  const support = new SupportService(deps.db, config.dataDir, config.publicUrl, deps.mailer);

  app.get('/api/ticket', async (request): Promise<Ticket[]> => {
    const me = await request.caller();
    return support.list(me);
  });

  app.put('/api/ticket', async (request) => {
    const me = await request.caller();
    const input = NewTicketSchema.parse(request.body);
    return { ticketId: await support.create(me, input) };
  });

  app.get('/api/ticket/:id', async (request): Promise<TicketDetail> => {
    const me = await request.caller();
    return support.detail(me, IdParams.parse(request.params).id);
  });

  app.post('/api/ticket/:id', async (request): Promise<TicketDetail> => {
    const me = await request.caller();
    const { id } = IdParams.parse(request.params);
    const { open } = TicketOpenSchema.parse(request.body);
    return support.setOpen(me, id, open);
  });

  app.put('/api/ticket/:id', async (request) => {
    const me = await request.caller();
    const { id } = IdParams.parse(request.params);
    const input = TicketReplySchema.parse(request.body);
    return { ticketMessageId: await support.reply(me, id, input) };
  });

  app.delete('/api/ticket/:id', async (request) => {
    const me = await request.caller();
    await support.delete(me, IdParams.parse(request.params).id);
    return { ok: true };
  });
}
