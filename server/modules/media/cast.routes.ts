import type { FastifyInstance } from 'fastify';
import { CastLinkSchema, CastTokenParams, FileIdParams } from '../../../domain/media';
import { signedIn } from '../../access/request-caller';
import { NotFound } from '../../errors';
import { api } from '../../plugins/route-schemas';
import type { CastLinksService } from './cast-links.service';
import type { PlaybackService } from './playback.service';

const tags = ['media'];

/**
 * Casting (issue 50): the signed-in player asks for a speaker's address of the current track,
 * and the speaker streams it without a cookie. Full track when the user may play it in full,
 * the preview otherwise, with the ranges and pace of every stream.
 */
export function castRoutes(
  app: FastifyInstance,
  castLinks: CastLinksService,
  playback: PlaybackService,
): void {
  const r = api(app);
  r.post(
    '/api/media/cast/:fileId',
    {
      preValidation: signedIn,
      schema: { tags, params: FileIdParams, response: { 200: CastLinkSchema } },
    },
    async (request) => castLinks.issue(await request.caller(), request.params.fileId),
  );

  r.get(
    '/downloader/cast/:token',
    { schema: { tags, params: CastTokenParams } },
    async (request, reply) => {
      const opened = await castLinks.open(request.params.token);
      if (opened === null) throw new NotFound('This cast address has expired or is not valid');
      await playback.play(request, reply, opened.caller, opened.fileId, {
        previewInstead: true,
      });
      return reply;
    },
  );
}
