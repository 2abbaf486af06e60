import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, OkSchema, positiveId } from '../../../domain/params';
import {
  LikedIdsSchema,
  PlaylistAddFilesSchema,
  PlaylistAddResultSchema,
  PlaylistCreateSchema,
  PlaylistEditSchema,
  PlaylistOrderSchema,
  PlaylistSchema,
  PlaylistWithEntriesSchema,
} from '../../../domain/playlist';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const FileParams = z.object({ id: positiveId('id'), fileId: positiveId('fileId') });
const tags = ['playlists'];

/** GET/PUT /api/playlist, /api/playlist/{id}, its files, and the liked playlist's ids. */
export function playlistsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { playlists } = services;
  const r = api(app);
  // Signed in before anything is validated: a signed-out caller learns nothing of the shapes.
  const auth = { preValidation: signedIn };

  r.get(
    '/api/playlist',
    { ...auth, schema: { tags, response: { 200: z.array(PlaylistSchema) } } },
    async (request) => playlists.listOwn(await request.caller()),
  );

  r.put(
    '/api/playlist',
    { ...auth, schema: { tags, body: PlaylistCreateSchema, response: { 200: PlaylistSchema } } },
    async (request) => playlists.create(request.body, await request.caller()),
  );

  // Static path: registered next to /api/playlist/:id, the router prefers it.
  r.get(
    '/api/playlist/liked/ids',
    { ...auth, schema: { tags, response: { 200: LikedIdsSchema } } },
    async (request) => playlists.likedIds(await request.caller()),
  );

  r.get(
    '/api/playlist/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: PlaylistWithEntriesSchema } } },
    async (request) => playlists.get(request.params.id, await request.caller()),
  );

  r.post(
    '/api/playlist/:id',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        body: PlaylistEditSchema,
        response: { 200: PlaylistSchema },
      },
    },
    async (request) => playlists.edit(request.params.id, request.body, await request.caller()),
  );

  r.delete(
    '/api/playlist/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: OkSchema } } },
    async (request) => {
      await playlists.delete(request.params.id, await request.caller());
      return { ok: true as const };
    },
  );

  r.put(
    '/api/playlist/:id/file',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        body: PlaylistAddFilesSchema,
        response: { 200: PlaylistAddResultSchema },
      },
    },
    async (request) =>
      playlists.addFiles(request.params.id, request.body.ids, await request.caller()),
  );

  r.put(
    '/api/playlist/:id/order',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        body: PlaylistOrderSchema,
        response: { 200: PlaylistSchema },
      },
    },
    async (request) =>
      playlists.reorder(request.params.id, request.body.ids, await request.caller()),
  );

  r.delete(
    '/api/playlist/:id/file/:fileId',
    { ...auth, schema: { tags, params: FileParams } },
    async (request) =>
      playlists.removeFile(request.params.id, request.params.fileId, await request.caller()),
  );
}
