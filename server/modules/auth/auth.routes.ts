import type { FastifyInstance } from 'fastify';
import {
  ConfirmEmailBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResetBodySchema,
  ResetRequestBodySchema,
} from '../../../domain/auth';
import { accountOf } from '../../access/users';
import type { AppDeps } from '../../app-deps';

export function authRoutes(app: FastifyInstance, { auth, sessions, users }: AppDeps): void {
  app.post('/api/login', async (request, reply) => {
    const user = await auth.login(LoginBodySchema.parse(request.body), request.ip);
    await sessions.start(request, reply, user);
    return users.withRole(user, accountOf(user));
  });

  app.post('/api/register', async (request, reply) => {
    const user = await auth.register(RegisterBodySchema.parse(request.body), request.ip);
    await sessions.start(request, reply, user);
    return users.withRole(user, accountOf(user));
  });

  app.get('/api/logout', async (request, reply) => {
    await sessions.end(request, reply);
    return { ok: true };
  });

  app.post('/api/reset_password', async (request) => {
    const body = ResetRequestBodySchema.parse(request.body);
    const code = await auth.requestReset(body, request.ip, await request.callerOrNull());
    return code ?? { ok: true };
  });

  app.put('/api/reset_password', async (request) => {
    await auth.resetPassword(ResetBodySchema.parse(request.body), request.ip);
    return { ok: true };
  });

  app.post('/api/user/confirm_email', async (request) => {
    const { code } = ConfirmEmailBodySchema.parse(request.body);
    await auth.confirmEmail(code, (await request.callerOrNull())?.user);
    return { ok: true };
  });

  app.post('/api/user/confirm_email/resend', async (request) => {
    const me = await request.caller();
    await auth.resendConfirmation(me.user, request.ip);
    return { ok: true };
  });
}
