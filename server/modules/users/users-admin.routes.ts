import type { FastifyInstance } from 'fastify';
import { IdParams, OkSchema } from '../../../domain/params';
import {
  BanIpBodySchema,
  IpBanStateSchema,
  InviteSchema,
  UserSearchQuerySchema,
  UserSearchResultSchema,
} from '../../../domain/user';
import { adminOnly, signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['users'];

/** Invites, and the administrators' user search, bans, deletion and address bans. */
export function usersAdminRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const users = services.usersAdmin;
  const r = api(app);
  const admin = { preValidation: adminOnly };
  const ok = { 200: OkSchema };

  r.get(
    '/api/invite',
    { preValidation: signedIn, schema: { tags, response: { 200: InviteSchema } } },
    async (request) => users.createInvite(await request.caller()),
  );

  r.get(
    '/api/user/search',
    {
      ...admin,
      schema: {
        tags,
        querystring: UserSearchQuerySchema,
        response: { 200: UserSearchResultSchema },
      },
    },
    (request) => users.search(request.query),
  );

  r.put(
    '/api/user/:id/ban',
    { ...admin, schema: { tags, params: IdParams, response: ok } },
    async (request) => {
      await users.setBanned(await request.caller(), request.params.id, true);
      return { ok: true as const };
    },
  );

  r.put(
    '/api/user/:id/unban',
    { ...admin, schema: { tags, params: IdParams, response: ok } },
    async (request) => {
      await users.setBanned(await request.caller(), request.params.id, false);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/user/:id',
    { ...admin, schema: { tags, params: IdParams, response: ok } },
    async (request) => {
      await users.delete(await request.caller(), request.params.id);
      return { ok: true as const };
    },
  );

  r.put(
    '/api/ban_ip',
    { ...admin, schema: { tags, body: BanIpBodySchema, response: ok } },
    async (request) => {
      await users.banIp(request.body.ip, request.ip);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/ban_ip/:ip',
    { ...admin, schema: { tags, params: BanIpBodySchema, response: { 200: IpBanStateSchema } } },
    async (request) => users.ipBanState(request.params.ip),
  );

  // The address travels in the path; it is checked as strictly as PUT's body.
  r.delete(
    '/api/ban_ip/:ip',
    { ...admin, schema: { tags, params: BanIpBodySchema, response: ok } },
    async (request) => {
      await users.unbanIp(request.params.ip);
      return { ok: true as const };
    },
  );
}
