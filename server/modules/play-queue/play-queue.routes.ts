import type { FastifyInstance } from 'fastify';
import { PlayQueueAnswerSchema } from '../../../domain/play-queue';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';
import { PlayQueueRepository } from './play-queue.repository';
import { PlayQueueService } from './play-queue.service';

/** GET /api/play_queue: the queue an app saved (Subsonic savePlayQueue), for the web player. */
export function playQueueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const queues = new PlayQueueService(new PlayQueueRepository(deps.db));
  api(app).get(
    '/api/play_queue',
    {
      preValidation: signedIn,
      schema: { tags: ['play queue'], response: { 200: PlayQueueAnswerSchema } },
    },
    async (request) => ({ playQueue: await queues.forWeb(await request.caller()) }),
  );
}
