import type { FastifyInstance } from 'fastify';
import { adminOnly } from '../../access/request-caller';
import { z } from 'zod';
import { BanIpBodySchema, UserSearchQuerySchema } from '../../../domain/user';
import type { AppDeps } from '../../app-deps';
import { BadRequest } from '../../errors';
import { normalizeIp } from '../../security/ip-ban';
import { UsersAdminService } from './users-admin.service';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});

export function usersAdminRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const admin = new UsersAdminService(db);

  app.get('/api/invite', async (request) => admin.createInvite(await request.caller()));

  app.get('/api/user/search', { preValidation: adminOnly }, (request) =>
    admin.search(UserSearchQuerySchema.parse(request.query)),
  );

  app.put('/api/user/:id/ban', { preValidation: adminOnly }, async (request) => {
    const me = await request.caller();
    await admin.setBanned(me, IdParams.parse(request.params).id, true);
    return { ok: true };
  });

  app.put('/api/user/:id/unban', { preValidation: adminOnly }, async (request) => {
    const me = await request.caller();
    await admin.setBanned(me, IdParams.parse(request.params).id, false);
    return { ok: true };
  });

  app.delete('/api/user/:id', { preValidation: adminOnly }, async (request) => {
    const me = await request.caller();
    await admin.delete(me, IdParams.parse(request.params).id);
    return { ok: true };
  });

  app.put('/api/ban_ip', { preValidation: adminOnly }, async (request) => {
    const ip = normalizeIp(BanIpBodySchema.parse(request.body).ip);
    if (ip === normalizeIp(request.ip)) throw new BadRequest('You cannot ban your own address');
    await admin.banIp(ip);
    return { ok: true };
  });

  app.delete('/api/ban_ip/:ip', { preValidation: adminOnly }, async (request) => {
    const ip = normalizeIp(BanIpBodySchema.parse(request.params).ip);
    await admin.unbanIp(ip);
    return { ok: true };
  });
}
