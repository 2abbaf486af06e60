import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DirectMessageInputSchema } from '../../../domain/message';
import type { AppDeps } from '../../app-deps';
import { MessagesService } from './messages.service';

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .positive({ error: `${name} must be a positive number` });
const UserParams = z.object({ id: positiveId('id') });
const MessageParams = z.object({ dmId: positiveId('id') });

/** Direct messages: send, inbox, mark read, delete, unread count (spec part 2, section 7). */
export function messagesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const messages = new MessagesService(deps);

  app.get('/api/user/dm', async (request) => {
    const me = await request.caller();
    return messages.list(me.userId);
  });

  app.get('/api/user/dm/unread', async (request) => {
    const me = await request.caller();
    return { count: await messages.unreadCount(me.userId) };
  });

  app.put('/api/user/dm/:dmId/read', async (request) => {
    const me = await request.caller();
    await messages.markRead(me.userId, MessageParams.parse(request.params).dmId);
    return { ok: true };
  });

  app.delete('/api/user/dm/:dmId', async (request) => {
    const me = await request.caller();
    await messages.delete(me.userId, MessageParams.parse(request.params).dmId);
    return { ok: true };
  });

  app.post('/api/user/:id/dm', async (request) => {
    const me = await request.caller();
    const { id } = UserParams.parse(request.params);
    await messages.send(me.user, id, DirectMessageInputSchema.parse(request.body));
    return { ok: true };
  });
}
