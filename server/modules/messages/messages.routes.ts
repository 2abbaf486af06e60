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
  const { sessions } = deps;
  const messages = new MessagesService(deps);

  app.get('/api/user/dm', async (request) => {
    const me = await sessions.requireUser(request);
    return messages.list(me.user.user_id);
  });

  app.get('/api/user/dm/unread', async (request) => {
    const me = await sessions.requireUser(request);
    return { count: await messages.unreadCount(me.user.user_id) };
  });

  app.put('/api/user/dm/:dmId/read', async (request) => {
    const me = await sessions.requireUser(request);
    await messages.markRead(me.user.user_id, MessageParams.parse(request.params).dmId);
    return { ok: true };
  });

  app.delete('/api/user/dm/:dmId', async (request) => {
    const me = await sessions.requireUser(request);
    await messages.delete(me.user.user_id, MessageParams.parse(request.params).dmId);
    return { ok: true };
  });

  app.post('/api/user/:id/dm', async (request) => {
    const me = await sessions.requireUser(request);
    const { id } = UserParams.parse(request.params);
    await messages.send(me.user, id, DirectMessageInputSchema.parse(request.body));
    return { ok: true };
  });
}
