import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminOnly } from '../../access/request-caller';
import { z } from 'zod';
import { CommentCreateSchema, CommentEditSchema, COMMENTS_PAGE } from '../../../domain/comment';
import type { AppDeps } from '../../app-deps';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .positive({ error: `${name} must be a positive number` });
const GroupParams = z.object({ groupId: positiveId('groupId') });
const CommentParams = z.object({ commentId: positiveId('commentId') });
const LatestQuery = z.object({
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE).optional().default(COMMENTS_PAGE),
  offset: z.coerce.number().int().min(0).optional().default(0),
});

/** GET/POST /api/comments, POST/DELETE /api/comment/{id}, and the admin's latest comments. */
export function commentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const comments = new CommentsService(new CommentsRepository(deps.db), deps.settings);
  const caller = (request: FastifyRequest) => request.caller();

  app.get('/api/comments', { preValidation: adminOnly }, async (request) => {
    const { limit, offset } = LatestQuery.parse(request.query);
    return comments.latest(limit, offset);
  });

  app.get('/api/comments/:groupId', async (request) => {
    const me = await caller(request);
    return comments.list(GroupParams.parse(request.params).groupId, me);
  });

  app.post('/api/comments', async (request) => {
    const me = await caller(request);
    return comments.create(CommentCreateSchema.parse(request.body), me);
  });

  app.post('/api/comment/:commentId', async (request) => {
    const me = await caller(request);
    const { commentId } = CommentParams.parse(request.params);
    return comments.edit(commentId, CommentEditSchema.parse(request.body).content, me);
  });

  app.delete('/api/comment/:commentId', async (request) => {
    const me = await caller(request);
    await comments.delete(CommentParams.parse(request.params).commentId, me);
    return { ok: true };
  });
}
