import type { ContactBody } from '../../../domain/auth';
import { nowIso, type Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { contactMail } from '../../mail/templates';
import type { RateLimiter } from '../../plugins/rate-limit';
import { UsersRepository } from '../users/users.repository';
import { ContactRepository } from './contact.repository';

/** The public contact form: stored, then mailed to every administrator. */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
  ) {}

  /** Counts one message from the address; 429 once it has sent its share. */
  async admit(ip: string): Promise<void> {
    await this.limiter.consume('contactPerIp', ip);
  }

  async send(message: ContactBody, ip: string): Promise<void> {
    await new ContactRepository(this.db).insertContactMessage({
      ...message,
      ip,
      created_at: nowIso(),
    });
    for (const to of await new UsersRepository(this.db).listAdminEmails()) {
      await this.mailer.send(contactMail(to, message));
    }
  }
}
