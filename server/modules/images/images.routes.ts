import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ImageStore } from '../../media/image-store';
import { ImagesRepository } from './images.repository';
import { ImagesService } from './images.service';

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
export function imagesRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  const images = new ImagesService(
    new ImageStore(join(config.dataDir, 'images')),
    new ImagesRepository(db),
  );

  app.get('/image/:hash', async (request, reply) => {
    const caller = await request.caller();
    const { hash } = z.object({ hash: z.string() }).parse(request.params);
    const { thumb } = ImageQuery.parse(request.query);
    const image = await images.find(caller, hash, thumb);
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    reply.header('etag', `"${image.tag}"`);
    if (matchesEtag(request.headers['if-none-match'], image.tag)) return reply.status(304).send();
    const file = await images.file(hash, thumb);
    reply.header('content-length', file.size);
    return reply.type(image.contentType).send(createReadStream(file.path));
  });
}
