import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ContactBodySchema } from '../../../domain/auth';
import { OkSchema } from '../../../domain/params';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['contact'];

/** POST /api/contact: anyone may write to the administrators, a few times an hour. */
export function contactRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { contact } = services;
  // Counted before the body is validated: a flood of malformed messages is limited too.
  const admit = (request: FastifyRequest): Promise<void> => contact.admit(request.ip);

  api(app).post(
    '/api/contact',
    {
      preValidation: admit,
      schema: { tags, body: ContactBodySchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await contact.send(request.body, request.ip);
      return { ok: true as const };
    },
  );
}
