import type { FastifyInstance } from 'fastify';
import {
  ConfirmEmailBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResetBodySchema,
  ResetRequestAnswerSchema,
  ResetRequestBodySchema,
} from '../../../domain/auth';
import { OkSchema } from '../../../domain/params';
import { UserWithRoleSchema } from '../../../domain/user';
import { signedIn } from '../../access/request-caller';
import { accountOf } from '../../access/users';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['auth'];
const ok = { 200: OkSchema };

/** Sign-in, registration, sign-out, password reset and e-mail confirmation. */
export function authRoutes(app: FastifyInstance, { sessions, services }: AppDeps): void {
  const { auth, users } = services;
  const r = api(app);

  r.post(
    '/api/login',
    { schema: { tags, body: LoginBodySchema, response: { 200: UserWithRoleSchema } } },
    async (request, reply) => {
      const user = await auth.login(request.body, request.ip);
      await sessions.start(request, reply, user);
      return users.withRole(user, accountOf(user));
    },
  );

  r.post(
    '/api/register',
    { schema: { tags, body: RegisterBodySchema, response: { 200: UserWithRoleSchema } } },
    async (request, reply) => {
      const user = await auth.register(request.body, request.ip);
      await sessions.start(request, reply, user);
      return users.withRole(user, accountOf(user));
    },
  );

  r.get('/api/logout', { schema: { tags, response: ok } }, async (request, reply) => {
    await sessions.end(request, reply);
    return { ok: true as const };
  });

  r.post(
    '/api/reset_password',
    {
      schema: { tags, body: ResetRequestBodySchema, response: { 200: ResetRequestAnswerSchema } },
    },
    async (request) => {
      const code = await auth.requestReset(request.body, request.ip, await request.callerOrNull());
      return code ?? { ok: true as const };
    },
  );

  r.put(
    '/api/reset_password',
    { schema: { tags, body: ResetBodySchema, response: ok } },
    async (request) => {
      await auth.resetPassword(request.body, request.ip);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/user/confirm_email',
    { schema: { tags, body: ConfirmEmailBodySchema, response: ok } },
    async (request) => {
      await auth.confirmEmail(request.body.code, (await request.callerOrNull())?.user);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/user/confirm_email/resend',
    { preValidation: signedIn, schema: { tags, response: ok } },
    async (request) => {
      await auth.resendConfirmation((await request.caller()).user, request.ip);
      return { ok: true as const };
    },
  );
}
