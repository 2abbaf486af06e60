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
  const { sessions, config } = deps;
  const support = new SupportService(deps.db, config.dataDir, config.publicUrl, deps.mailer);

  app.get('/api/ticket', async (request): Promise<Ticket[]> => {
    const { user } = await sessions.requireUser(request);
    return support.list(user);
  });

  app.put('/api/ticket', async (request) => {
    const { user } = await sessions.requireUser(request);
    const input = NewTicketSchema.parse(request.body);
    return { ticketId: await support.create(user, input) };
  });

  app.get('/api/ticket/:id', async (request): Promise<TicketDetail> => {
    const { user } = await sessions.requireUser(request);
    return support.detail(user, IdParams.parse(request.params).id);
  });

  app.post('/api/ticket/:id', async (request): Promise<TicketDetail> => {
    const { user } = await sessions.requireUser(request);
    const { id } = IdParams.parse(request.params);
    const { open } = TicketOpenSchema.parse(request.body);
    return support.setOpen(user, id, open);
  });

  app.put('/api/ticket/:id', async (request) => {
    const { user } = await sessions.requireUser(request);
    const { id } = IdParams.parse(request.params);
    const input = TicketReplySchema.parse(request.body);
    return { ticketMessageId: await support.reply(user, id, input) };
  });

  app.delete('/api/ticket/:id', async (request) => {
    const { user } = await sessions.requireUser(request);
    await support.delete(user, IdParams.parse(request.params).id);
    return { ok: true };
  });
}
