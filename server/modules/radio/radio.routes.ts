import type { FastifyInstance } from 'fastify';
import { RadioAnswerSchema, RadioQuerySchema } from '../../../domain/radio';
import { browsing } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

/**
 * GET /api/radio?seed=file:{id}|collection:{id}|artist:{id}|genre:{name}&count=&exclude=: the
 * next page of a radio (issue 48). The work is bounded by the query's caps (count ≤ 100,
 * exclude ≤ 500 ids) and every lookup is an index seek with a LIMIT.
 */
export function radioRoutes(app: FastifyInstance, { services }: AppDeps): void {
  api(app).get(
    '/api/radio',
    {
      preValidation: browsing,
      schema: {
        tags: ['radio'],
        querystring: RadioQuerySchema,
        response: { 200: RadioAnswerSchema },
      },
    },
    async (request) => ({
      tracks: await services.radio.page(await request.caller(), request.query),
    }),
  );
}
