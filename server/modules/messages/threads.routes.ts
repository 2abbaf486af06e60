import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ConversationParams,
  ConversationSchema,
  CorrespondentSchema,
  MarkConversationReadSchema,
  RecipientQuerySchema,
  ThreadPageSchema,
  ThreadQuerySchema,
} from '../../../domain/message-threads';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['messages'];

/**
 * What threads add to the spec's inbox calls (issue 30): conversations per correspondent, a
 * thread with both sides in order, marking one read, and the "New message" recipient picker.
 * Sending stays POST /api/user/{id}/dm.
 */
export function threadsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { threads } = services;
  const r = api(app);
  const auth = { preValidation: signedIn };

  r.get(
    '/api/messages/conversations',
    { ...auth, schema: { tags, response: { 200: z.array(ConversationSchema) } } },
    async (request) => threads.conversations(await request.caller()),
  );

  r.get(
    '/api/messages/conversations/:userId',
    {
      ...auth,
      schema: {
        tags,
        params: ConversationParams,
        querystring: ThreadQuerySchema,
        response: { 200: ThreadPageSchema },
      },
    },
    async (request) => threads.thread(await request.caller(), request.params.userId, request.query),
  );

  r.put(
    '/api/messages/conversations/:userId/read',
    {
      ...auth,
      schema: { tags, params: ConversationParams, response: { 200: MarkConversationReadSchema } },
    },
    async (request) => ({
      marked: await threads.markRead(await request.caller(), request.params.userId),
    }),
  );

  r.get(
    '/api/messages/recipients',
    {
      ...auth,
      schema: {
        tags,
        querystring: RecipientQuerySchema,
        response: { 200: z.array(CorrespondentSchema) },
      },
    },
    async (request) => threads.recipients(await request.caller(), request.query),
  );
}
