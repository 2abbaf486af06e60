import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  UnlockedQuerySchema,
} from '../../../domain/account';
import { UserExtraSchema, UserUpdateSchema } from '../../../domain/user';
import type { AppDeps } from '../../app-deps';
import { AccountService } from './account.service';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});

export function usersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { sessions, users } = deps;
  const account = new AccountService(deps.db, deps.limiter);

  app.get('/api/user', async (request) => {
    const me = await request.caller();
    return users.withRole(me.user, me);
  });

  // Static paths win over /api/user/:id in Fastify's router, whatever the order here.
  app.post('/api/user/password', async (request) => {
    const me = await request.caller();
    await account.changePassword(me, ChangePasswordBodySchema.parse(request.body));
    return { ok: true };
  });

  app.delete('/api/user/me', async (request, reply) => {
    const me = await request.caller();
    await account.deleteSelf(me, DeleteAccountBodySchema.parse(request.body).password);
    await sessions.end(request, reply);
    return { ok: true };
  });

  app.get('/api/user/:id', async (request) => {
    const me = await request.caller();
    return users.view(me, IdParams.parse(request.params).id);
  });

  app.post('/api/user/:id', async (request) => {
    const me = await request.caller();
    const { id } = IdParams.parse(request.params);
    return users.update(me, id, UserUpdateSchema.parse(request.body));
  });

  app.post('/api/user/:id/extra', async (request) => {
    const me = await request.caller();
    const { id } = IdParams.parse(request.params);
    return users.updateExtra(me, id, UserExtraSchema.parse(request.body));
  });

  app.get('/api/user/:id/unlocked', async (request) => {
    const me = await request.caller();
    const { id } = IdParams.parse(request.params);
    return users.unlocked(me, id, UnlockedQuerySchema.parse(request.query));
  });
}
