import type { FastifyInstance } from 'fastify';
import { PlayQueueAnswerSchema } from '../../../domain/play-queue';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

/** GET /api/play_queue: the queue an app saved (Subsonic savePlayQueue), for the web player. */
export function playQueueRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const queues = services.playQueue;
  api(app).get(
    '/api/play_queue',
    {
      preValidation: signedIn,
      schema: { tags: ['play queue'], response: { 200: PlayQueueAnswerSchema } },
    },
    async (request) => ({ playQueue: await queues.forWeb(await request.caller()) }),
  );
}
