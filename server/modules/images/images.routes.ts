import type { FastifyInstance } from 'fastify';
import { widthAsked } from '../../../domain/image-path';
import { ImageParamsSchema, ImageQuerySchema } from '../../../domain/media';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

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
export function imagesRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { images } = services;

  // Bytes: params and query declared, no response schema. Signed in before validation.
  api(app).get(
    '/image/:hash',
    {
      preValidation: signedIn,
      schema: { tags: ['images'], params: ImageParamsSchema, querystring: ImageQuerySchema },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const width = widthAsked(request.query);
      const image = await images.find(await request.caller(), hash, width);
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      reply.header('etag', `"${image.tag}"`);
      if (matchesEtag(request.headers['if-none-match'], image.tag)) return reply.status(304).send();
      const file = await images.file(hash, width);
      reply.header('content-length', file.size);
      return reply.type(image.contentType).send('data' in file ? file.data : await file.open());
    },
  );
}
