import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminCommentPageSchema,
  CommentCreateSchema,
  CommentEditSchema,
  CommentSchema,
  CommentTreeSchema,
  LatestCommentsQuerySchema,
} from '../../../domain/comment';
import { OkSchema, positiveId } from '../../../domain/params';
import { adminOnly, signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const GroupParams = z.object({ groupId: positiveId('groupId') });
const CommentParams = z.object({ commentId: positiveId('commentId') });
const tags = ['comments'];

/** GET/POST /api/comments, POST/DELETE /api/comment/{id}, and the admin's latest comments. */
export function commentsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { comments } = services;
  const r = api(app);
  const auth = { preValidation: signedIn };

  r.get(
    '/api/comments',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        querystring: LatestCommentsQuerySchema,
        response: { 200: AdminCommentPageSchema },
      },
    },
    (request) => comments.latest(request.query.limit, request.query.offset),
  );

  r.get(
    '/api/comments/:groupId',
    { ...auth, schema: { tags, params: GroupParams, response: { 200: CommentTreeSchema } } },
    async (request) => comments.list(request.params.groupId, await request.caller()),
  );

  r.post(
    '/api/comments',
    { ...auth, schema: { tags, body: CommentCreateSchema, response: { 200: CommentSchema } } },
    async (request) => comments.create(request.body, await request.caller()),
  );

  r.post(
    '/api/comment/:commentId',
    {
      ...auth,
      schema: {
        tags,
        params: CommentParams,
        body: CommentEditSchema,
        response: { 200: CommentSchema },
      },
    },
    async (request) =>
      comments.edit(request.params.commentId, request.body.content, await request.caller()),
  );

  r.delete(
    '/api/comment/:commentId',
    { ...auth, schema: { tags, params: CommentParams, response: { 200: OkSchema } } },
    async (request) => {
      await comments.delete(request.params.commentId, await request.caller());
      return { ok: true as const };
    },
  );
}
