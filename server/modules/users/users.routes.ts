import type { FastifyInstance } from 'fastify';
import {
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  UnlockedPageSchema,
  UnlockedQuerySchema,
} from '../../../domain/account';
import { IdParams, OkSchema } from '../../../domain/params';
import { UserExtraSchema, UserUpdateSchema, UserWithRoleSchema } from '../../../domain/user';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['users'];

/** The signed-in user's own account, and profiles: GET/POST /api/user/{id}, extra, unlocked. */
export function usersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { sessions } = deps;
  const { users, account } = deps.services;
  const r = api(app);
  const auth = { preValidation: signedIn };

  r.get(
    '/api/user',
    { ...auth, schema: { tags, response: { 200: UserWithRoleSchema } } },
    async (request) => {
      const me = await request.caller();
      return users.withRole(me.user, me);
    },
  );

  // Static paths win over /api/user/:id in Fastify's router, whatever the order here.
  r.post(
    '/api/user/password',
    { ...auth, schema: { tags, body: ChangePasswordBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await account.changePassword(await request.caller(), request.body);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/user/me',
    { ...auth, schema: { tags, body: DeleteAccountBodySchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      await account.deleteSelf(await request.caller(), request.body.password);
      await sessions.end(request, reply);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/user/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: UserWithRoleSchema } } },
    async (request) => users.view(await request.caller(), request.params.id),
  );

  r.post(
    '/api/user/:id',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        body: UserUpdateSchema,
        response: { 200: UserWithRoleSchema },
      },
    },
    async (request) => users.update(await request.caller(), request.params.id, request.body),
  );

  r.post(
    '/api/user/:id/extra',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        body: UserExtraSchema,
        response: { 200: UserWithRoleSchema },
      },
    },
    async (request) => users.updateExtra(await request.caller(), request.params.id, request.body),
  );

  r.get(
    '/api/user/:id/unlocked',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        querystring: UnlockedQuerySchema,
        response: { 200: UnlockedPageSchema },
      },
    },
    async (request) => users.unlocked(await request.caller(), request.params.id, request.query),
  );
}
