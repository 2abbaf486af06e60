import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, OkSchema } from '../../../domain/params';
import {
  SmartPlaylistIdSchema,
  SmartPlaylistInputSchema,
  SmartPlaylistSchema,
  SmartPlaylistWithEntriesSchema,
} from '../../../domain/smart-playlist';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['smart playlists'];

/** /api/smart_playlist: create, list, read with tracks, edit, delete (issue 48). */
export function smartPlaylistsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { smartPlaylists } = services;
  const r = api(app);
  // Signed in before anything is validated: a signed-out caller learns nothing of the shapes.
  const auth = { preValidation: signedIn };

  r.get(
    '/api/smart_playlist',
    { ...auth, schema: { tags, response: { 200: z.array(SmartPlaylistSchema) } } },
    async (request) => smartPlaylists.list(await request.caller()),
  );

  r.put(
    '/api/smart_playlist',
    {
      ...auth,
      schema: { tags, body: SmartPlaylistInputSchema, response: { 200: SmartPlaylistIdSchema } },
    },
    async (request) => ({
      smartPlaylistId: await smartPlaylists.create(request.body, await request.caller()),
    }),
  );

  r.get(
    '/api/smart_playlist/:id',
    {
      ...auth,
      schema: { tags, params: IdParams, response: { 200: SmartPlaylistWithEntriesSchema } },
    },
    async (request) => smartPlaylists.get(request.params.id, await request.caller()),
  );

  r.post(
    '/api/smart_playlist/:id',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        body: SmartPlaylistInputSchema,
        response: { 200: SmartPlaylistIdSchema },
      },
    },
    async (request) => ({
      smartPlaylistId: await smartPlaylists.edit(
        request.params.id,
        request.body,
        await request.caller(),
      ),
    }),
  );

  r.delete(
    '/api/smart_playlist/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: OkSchema } } },
    async (request) => {
      await smartPlaylists.delete(request.params.id, await request.caller());
      return { ok: true as const };
    },
  );
}
