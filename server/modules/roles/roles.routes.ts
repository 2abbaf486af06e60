import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RoleInputSchema } from '../../../domain/role';
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../errors';
import { insertRole, toRoleColumns, toWireRole, updateRole } from './roles.repository';
import { RolesService } from './roles.service';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});
const NewRoleSchema = RoleInputSchema.extend({ roleName: z.string().trim().min(1).max(64) });

/** Roles are small admin-managed data; create and edit talk to the repository directly. */
export function rolesRoutes(app: FastifyInstance, { db, sessions, settings }: AppDeps): void {
  const roles = new RolesService(db, settings);

  app.get('/api/role', async (request) => {
    const auth = await sessions.requireUser(request);
    return roles.list(auth.user.is_admin === 1);
  });

  app.put('/api/role', { preHandler: sessions.adminGuard }, async (request) => {
    const input = NewRoleSchema.parse(request.body);
    const columns = toRoleColumns(input);
    const role = await insertRole(db, {
      role_name: input.roleName,
      speed_limit: columns.speed_limit ?? null,
      download_limit: columns.download_limit ?? null,
      request_limit: columns.request_limit ?? null,
      can_upload: columns.can_upload ?? 0,
      upload_limit: columns.upload_limit ?? null,
      transcode: columns.transcode ?? 0,
      vip: columns.vip ?? 0,
      download_paid: columns.download_paid ?? 0,
      enable_browse: columns.enable_browse ?? 1,
      enable_requests: columns.enable_requests ?? 1,
      enable_store: columns.enable_store ?? 1,
      blacklisted_tags: columns.blacklisted_tags ?? '[]',
    });
    return toWireRole(role);
  });

  app.post('/api/role/:id', { preHandler: sessions.adminGuard }, async (request) => {
    const { id } = IdParams.parse(request.params);
    const role = await updateRole(db, id, toRoleColumns(RoleInputSchema.parse(request.body)));
    if (role === undefined) throw new NotFound('Role not found');
    return toWireRole(role);
  });

  app.delete('/api/role/:id', { preHandler: sessions.adminGuard }, async (request) => {
    const { id } = IdParams.parse(request.params);
    return roles.delete(id);
  });
}
