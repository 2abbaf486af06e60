import type { FastifyInstance } from 'fastify';
import { ShareTokenParams } from '../../../domain/shares';
import { NotFound } from '../../errors';
import { api } from '../../plugins/route-schemas';
import { renderShareNotFound, renderSharePage } from './share-page.html';
import type { SharedContent } from './shared-content';
import type { SharesService } from './shares.service';

/**
 * GET /s/{token}: the shared page, server-rendered so chat apps and social networks unfold the
 * link from its Open Graph tags. Any miss is the same plain 404 page.
 */
export function sharePageRoutes(
  app: FastifyInstance,
  shares: SharesService,
  content: SharedContent,
  publicUrl: string,
): void {
  api(app).get(
    '/s/:token',
    { schema: { hide: true, params: ShareTokenParams } },
    async (request, reply) => {
      const { token } = request.params;
      reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache');
      try {
        const page = await content.page(await shares.open(token, request.ip), token);
        return reply.send(renderSharePage(page, { publicUrl, token }));
      } catch (err) {
        if (!(err instanceof NotFound)) throw err;
        return reply.status(404).send(renderShareNotFound());
      }
    },
  );
}
