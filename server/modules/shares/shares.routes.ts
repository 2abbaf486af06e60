import type { FastifyInstance } from 'fastify';
import { OkSchema } from '../../../domain/params';
import {
  CreatedShareSchema,
  CreateShareSchema,
  SharedPageSchema,
  ShareIdParams,
  ShareListSchema,
  ShareTokenParams,
} from '../../../domain/shares';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';
import { sharePageRoutes } from './share-page.routes';
import { shareMediaRoutes } from './share-media.routes';

const tags = ['share links'];

/**
 * Share links (issue 33, section 3). Making, listing and revoking are cookie calls (session and
 * XSRF rules apply); opening a link needs no session: the token is the right to see.
 */
export function sharesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { config, files, services } = deps;
  const { shares, sharedContent: content } = services;
  const media = { transcoder: services.transcoder, files, images: services.imageStore };
  const r = api(app);
  const auth = { preValidation: signedIn };

  r.put(
    '/api/share',
    { ...auth, schema: { tags, body: CreateShareSchema, response: { 200: CreatedShareSchema } } },
    async (request) => shares.create(await request.caller(), request.body),
  );

  r.get(
    '/api/share',
    { ...auth, schema: { tags, response: { 200: ShareListSchema } } },
    async (request) => shares.list(await request.caller()),
  );

  r.delete(
    '/api/share/:shareId',
    { ...auth, schema: { tags, params: ShareIdParams, response: { 200: OkSchema } } },
    async (request) => {
      await shares.revoke(await request.caller(), request.params.shareId);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/share/:token',
    { schema: { tags, params: ShareTokenParams, response: { 200: SharedPageSchema } } },
    async (request, reply) => {
      const { token } = request.params;
      const page = await content.page(await shares.open(token, request.ip), token);
      // The link may be revoked at any moment: never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache');
      return page;
    },
  );

  shareMediaRoutes(app, shares, content, media);
  sharePageRoutes(app, shares, content, config.publicUrl);
}
