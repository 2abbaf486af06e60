import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { BadRequest, NotFound } from '../../errors';
import { ImageStore, isImageHash } from '../../media/image-store';
import { loadCaller } from '../../access/caller';
import { ImagesRepository } from './images.repository';

const ImageQuery = z.object({
  thumb: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** Weak or strong, quoted or not, one or a list: does If-None-Match name this tag? */
function matchesEtag(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((part) => part.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .some((candidate) => candidate === tag || candidate === '*');
}

/**
 * GET /image/{hash}: covers are content-addressed, so an answer never changes and may be cached
 * for a year as immutable, but only privately: whether it is answered depends on the caller.
 * No browse right is needed (covers show up in playlists and DMs too), but covers used only by
 * collections the caller may not see answer 404 like unknown ones.
 */
export function imagesRoutes(app: FastifyInstance, { db, config, sessions }: AppDeps): void {
  const store = new ImageStore(join(config.dataDir, 'images'));
  const images = new ImagesRepository(db);

  app.get('/image/:hash', async (request, reply) => {
    const caller = await loadCaller(db, await sessions.requireUser(request));
    const { hash } = z.object({ hash: z.string() }).parse(request.params);
    if (!isImageHash(hash)) throw new BadRequest('hash: must be 64 hexadecimal characters');
    const { thumb } = ImageQuery.parse(request.query);
    const mime = await images.visibleMime(hash, caller);
    if (mime === null) throw new NotFound('Image not found');
    const tag = thumb ? `${hash}-thumb` : hash;
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    reply.header('etag', `"${tag}"`);
    if (matchesEtag(request.headers['if-none-match'], tag)) return reply.status(304).send();

    let file: string;
    try {
      file = thumb ? await store.thumbnail(hash) : store.path(hash);
      const info = await stat(file);
      reply.header('content-length', info.size);
    } catch {
      // A row without its file (deleted by hand): answer like an unknown image.
      throw new NotFound('Image not found');
    }
    return reply.type(thumb ? 'image/webp' : mime).send(createReadStream(file));
  });
}
