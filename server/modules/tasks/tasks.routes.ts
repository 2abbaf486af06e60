import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { resetRemainingFromRoles } from '../users/users.repository';

const TaskParams = z.object({
  name: z.enum(['update_genres', 'reset_requests', 'reset_downloads'], {
    error: 'name must be update_genres, reset_requests or reset_downloads',
  }),
});

/** POST /api/task/{name}: admin maintenance tasks. */
export function tasksRoutes(app: FastifyInstance, { db, sessions }: AppDeps): void {
  app.post('/api/task/:name', { preHandler: sessions.adminGuard }, async (request) => {
    const { name } = TaskParams.parse(request.params);
    switch (name) {
      case 'reset_requests':
        await resetRemainingFromRoles(db, 'remaining_requests');
        break;
      case 'reset_downloads':
        await resetRemainingFromRoles(db, 'remaining_downloads');
        break;
      case 'update_genres':
        // Genres are gathered from the library's audio; there is no library yet, so no-op.
        break;
    }
    return { ok: true };
  });
}
