import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UserExtraSchema, UserUpdateSchema } from '../../../domain/user';
import type { AppDeps } from '../../app-deps';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});

export function usersRoutes(app: FastifyInstance, { sessions, users }: AppDeps): void {
  app.get('/api/user', async (request) => {
    const me = await sessions.requireUser(request);
    return users.withRole(me.user, me.user);
  });

  app.get('/api/user/:id', async (request) => {
    const me = await sessions.requireUser(request);
    return users.view(me, IdParams.parse(request.params).id);
  });

  app.post('/api/user/:id', async (request) => {
    const me = await sessions.requireUser(request);
    const { id } = IdParams.parse(request.params);
    return users.update(me, id, UserUpdateSchema.parse(request.body));
  });

  app.post('/api/user/:id/extra', async (request) => {
    const me = await sessions.requireUser(request);
    const { id } = IdParams.parse(request.params);
    return users.updateExtra(me, id, UserExtraSchema.parse(request.body));
  });
}
