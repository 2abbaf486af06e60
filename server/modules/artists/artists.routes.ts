import type { FastifyInstance } from 'fastify';
import {
  ArtistPageSchema,
  ArtistSearchAnswerSchema,
  ArtistSearchQuerySchema,
} from '../../../domain/artist';
import { IdParams } from '../../../domain/params';
import { browsing } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['artists'];

/** GET /api/artist/{id} (the artist page) and GET /api/artists (artist search). */
export function artistsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { artists } = services;
  const r = api(app);

  r.get(
    '/api/artist/:id',
    {
      preValidation: browsing,
      schema: { tags, params: IdParams, response: { 200: ArtistPageSchema } },
    },
    async (request) => artists.page(request.params.id, await request.caller()),
  );

  r.get(
    '/api/artists',
    {
      preValidation: browsing,
      schema: {
        tags,
        querystring: ArtistSearchQuerySchema,
        response: { 200: ArtistSearchAnswerSchema },
      },
    },
    async (request) => ({
      artists: await artists.search(
        request.query.query,
        request.query.limit,
        await request.caller(),
      ),
    }),
  );
}
