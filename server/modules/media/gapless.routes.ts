import type { FastifyInstance } from 'fastify';
import { GaplessQuerySchema } from '../../../domain/gapless';
import { FileIdParams } from '../../../domain/media';
import { signedIn } from '../../access/request-caller';
import { api } from '../../plugins/route-schemas';
import type { GaplessService } from './gapless.service';

/** GET /downloader/gapless/{fileId}: the player's sample-accurate stream (decision 0052). */
export function gaplessRoutes(app: FastifyInstance, gapless: GaplessService): void {
  const r = api(app);
  r.get(
    '/downloader/gapless/:fileId',
    {
      // Signed in before anything is validated (401 before 400), as the stream route.
      preValidation: signedIn,
      schema: { tags: ['media'], params: FileIdParams, querystring: GaplessQuerySchema },
    },
    async (request, reply) => {
      const caller = await request.caller();
      await gapless.stream(request, reply, caller, request.params.fileId, request.query);
      return reply;
    },
  );
}
