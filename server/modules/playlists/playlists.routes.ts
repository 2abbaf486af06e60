import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PlaylistAddFilesSchema,
  PlaylistCreateSchema,
  PlaylistEditSchema,
} from '../../../domain/playlist';
import type { AppDeps } from '../../app-deps';
import { loadCaller } from '../../access/caller';
import { PlaylistsRepository } from './playlists.repository';
import { PlaylistsService } from './playlists.service';

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive({ error: `${name} must be a positive number` });
const IdParams = z.object({ id: id('id') });
const FileParams = z.object({ id: id('id'), fileId: id('fileId') });

/** GET/PUT /api/playlist, /api/playlist/{id}, its files, and the liked playlist's ids. */
export function playlistsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, sessions } = deps;
  const playlists = new PlaylistsService(new PlaylistsRepository(db));
  const caller = async (request: FastifyRequest) =>
    loadCaller(db, await sessions.requireUser(request));

  app.get('/api/playlist', async (request) => playlists.listOwn(await caller(request)));

  app.put('/api/playlist', async (request) => {
    const me = await caller(request);
    return playlists.create(PlaylistCreateSchema.parse(request.body), me);
  });

  // Static path: registered next to /api/playlist/:id, the router prefers it.
  app.get('/api/playlist/liked/ids', async (request) => playlists.likedIds(await caller(request)));

  app.get('/api/playlist/:id', async (request) => {
    const me = await caller(request);
    return playlists.get(IdParams.parse(request.params).id, me);
  });

  app.post('/api/playlist/:id', async (request) => {
    const me = await caller(request);
    const { id: playlistId } = IdParams.parse(request.params);
    return playlists.edit(playlistId, PlaylistEditSchema.parse(request.body ?? {}), me);
  });

  app.delete('/api/playlist/:id', async (request) => {
    const me = await caller(request);
    await playlists.delete(IdParams.parse(request.params).id, me);
    return { ok: true };
  });

  app.put('/api/playlist/:id/file', async (request) => {
    const me = await caller(request);
    const { id: playlistId } = IdParams.parse(request.params);
    return playlists.addFiles(playlistId, PlaylistAddFilesSchema.parse(request.body).ids, me);
  });

  app.delete('/api/playlist/:id/file/:fileId', async (request) => {
    const me = await caller(request);
    const { id: playlistId, fileId } = FileParams.parse(request.params);
    return playlists.removeFile(playlistId, fileId, me);
  });
}
