import type { FastifyInstance } from 'fastify';
import {
  FavouritesSchema,
  FavouriteTargetSchema,
  RatingInputSchema,
  RatingsSchema,
} from '../../../domain/annotations';
import { OkSchema } from '../../../domain/params';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['annotations'];

/** Favourites and ratings of the web app (issue 45), the same store `/rest` reads. */
export function annotationsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { annotations } = services;
  const r = api(app);
  // Signed in before anything is validated: a signed-out caller learns nothing of the shapes.
  const auth = { preValidation: signedIn };
  const change = { tags, body: FavouriteTargetSchema, response: { 200: OkSchema } };

  r.put('/api/favourite', { ...auth, schema: change }, async (request) => {
    await annotations.favourite(await request.caller(), request.body);
    return { ok: true as const };
  });

  // DELETE with the same JSON body as PUT: one shape names the favourite either way.
  r.delete('/api/favourite', { ...auth, schema: change }, async (request) => {
    await annotations.unfavourite(await request.caller(), request.body);
    return { ok: true as const };
  });

  r.get(
    '/api/favourites',
    { ...auth, schema: { tags, response: { 200: FavouritesSchema } } },
    async (request) => annotations.favourites(await request.caller()),
  );

  r.put(
    '/api/rating',
    { ...auth, schema: { tags, body: RatingInputSchema, response: { 200: OkSchema } } },
    async (request) => {
      await annotations.rate(await request.caller(), request.body);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/ratings',
    { ...auth, schema: { tags, response: { 200: RatingsSchema } } },
    async (request) => annotations.ratings(await request.caller()),
  );
}
