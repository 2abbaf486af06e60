import type { FastifyInstance } from 'fastify';
import { ContactBodySchema } from '../../../domain/auth';
import type { AppDeps } from '../../app-deps';
import { nowIso } from '../../db/database';
import { contactMail } from '../../mail/templates';
import { listAdminEmails } from '../users/users.repository';
import { insertContactMessage } from './contact.repository';

export function contactRoutes(app: FastifyInstance, { db, limiter, mailer }: AppDeps): void {
  app.post('/api/contact', async (request) => {
    limiter.consume('contactPerIp', request.ip);
    const body = ContactBodySchema.parse(request.body);
    await insertContactMessage(db, { ...body, ip: request.ip, created_at: nowIso() });
    for (const to of await listAdminEmails(db)) {
      await mailer.send(contactMail(to, body));
    }
    return { ok: true };
  });
}
