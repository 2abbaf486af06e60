import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DirectMessageInputSchema, DirectMessageSchema } from '../../../domain/message';
import { IdParams, OkSchema, positiveId } from '../../../domain/params';
import { UnreadCountSchema } from '../../../domain/user';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';
import { threadsRoutes } from './threads.routes';

const MessageParams = z.object({ dmId: positiveId('id') });
const tags = ['messages'];

/** Direct messages: send, inbox, mark read, delete, unread count (spec part 2, section 7). */
export function messagesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { messages } = deps.services;
  const r = api(app);
  const auth = { preValidation: signedIn };
  threadsRoutes(app, deps);

  r.get(
    '/api/user/dm',
    { ...auth, schema: { tags, response: { 200: z.array(DirectMessageSchema) } } },
    async (request) => messages.list((await request.caller()).userId),
  );

  r.get(
    '/api/user/dm/unread',
    { ...auth, schema: { tags, response: { 200: UnreadCountSchema } } },
    async (request) => ({ count: await messages.unreadCount((await request.caller()).userId) }),
  );

  r.put(
    '/api/user/dm/:dmId/read',
    { ...auth, schema: { tags, params: MessageParams, response: { 200: OkSchema } } },
    async (request) => {
      await messages.markRead((await request.caller()).userId, request.params.dmId);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/user/dm/:dmId',
    { ...auth, schema: { tags, params: MessageParams, response: { 200: OkSchema } } },
    async (request) => {
      await messages.delete((await request.caller()).userId, request.params.dmId);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/user/:id/dm',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        body: DirectMessageInputSchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await messages.send((await request.caller()).user, request.params.id, request.body);
      return { ok: true as const };
    },
  );
}
