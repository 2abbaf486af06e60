import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../domain/params';
import {
  NewRoleInputSchema,
  RoleDeletedSchema,
  RoleInputSchema,
  RoleListSchema,
  RoleSchema,
} from '../../../domain/role';
import { adminOnly, signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['roles'];

/** GET/PUT /api/role, POST/DELETE /api/role/{id}. */
export function rolesRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { roles } = services;
  const r = api(app);
  const admin = { preValidation: adminOnly };

  r.get(
    '/api/role',
    { preValidation: signedIn, schema: { tags, response: { 200: RoleListSchema } } },
    async (request) => roles.list(await request.caller()),
  );

  r.put(
    '/api/role',
    { ...admin, schema: { tags, body: NewRoleInputSchema, response: { 200: RoleSchema } } },
    (request) => roles.create(request.body),
  );

  r.post(
    '/api/role/:id',
    {
      ...admin,
      schema: { tags, params: IdParams, body: RoleInputSchema, response: { 200: RoleSchema } },
    },
    (request) => roles.edit(request.params.id, request.body),
  );

  r.delete(
    '/api/role/:id',
    { ...admin, schema: { tags, params: IdParams, response: { 200: RoleDeletedSchema } } },
    (request) => roles.delete(request.params.id),
  );
}
