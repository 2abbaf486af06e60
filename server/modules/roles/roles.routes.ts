import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RoleInputSchema } from '../../../domain/role';
import { adminOnly } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { RolesService } from './roles.service';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});
const NewRoleSchema = RoleInputSchema.extend({ roleName: z.string().trim().min(1).max(64) });

/** GET/PUT /api/role, POST/DELETE /api/role/{id}. */
export function rolesRoutes(app: FastifyInstance, { db, settings }: AppDeps): void {
  const roles = new RolesService(db, settings);

  app.get('/api/role', async (request) => roles.list(await request.caller()));

  app.put('/api/role', { preValidation: adminOnly }, (request) =>
    roles.create(NewRoleSchema.parse(request.body)),
  );

  app.post('/api/role/:id', { preValidation: adminOnly }, (request) =>
    roles.edit(IdParams.parse(request.params).id, RoleInputSchema.parse(request.body)),
  );

  app.delete('/api/role/:id', { preValidation: adminOnly }, (request) =>
    roles.delete(IdParams.parse(request.params).id),
  );
}
