import type { FastifyInstance } from 'fastify';
import {
  AppPasswordListSchema,
  AppPasswordParams,
  CreatedAppPasswordSchema,
  CreateAppPasswordSchema,
} from '../../../domain/app-password';
import { OkSchema } from '../../../domain/params';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['app passwords'];

/**
 * The account page's app passwords (issue 29): cookie calls, so the session and XSRF rules
 * apply. The service (its secret key opened by server/root) is the one /rest signs apps in with.
 */
export function appPasswordsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { appPasswords } = services;
  const r = api(app);
  const auth = { preValidation: signedIn };

  r.get(
    '/api/user/app_password',
    { ...auth, schema: { tags, response: { 200: AppPasswordListSchema } } },
    async (request) => appPasswords.list(await request.caller()),
  );

  r.put(
    '/api/user/app_password',
    {
      ...auth,
      schema: { tags, body: CreateAppPasswordSchema, response: { 200: CreatedAppPasswordSchema } },
    },
    async (request) => appPasswords.create(await request.caller(), request.body.name),
  );

  r.delete(
    '/api/user/app_password/:appPasswordId',
    { ...auth, schema: { tags, params: AppPasswordParams, response: { 200: OkSchema } } },
    async (request) => {
      await appPasswords.revoke(await request.caller(), request.params.appPasswordId);
      return { ok: true as const };
    },
  );
}
