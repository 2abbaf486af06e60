import type { ContactBody } from '../../../domain/auth';
import { nowIso, type Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { contactMail } from '../../mail/templates';
import type { RateLimiter } from '../../plugins/rate-limit';
import { UsersRepository } from '../users';
import { ContactRepository } from './contact.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  contact: ContactRepository;
  users: UsersRepository;
}

/** The public contact form: stored, then mailed to every administrator. */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly repos: Repositories,
  ) {}

  /** Counts one message from the address; 429 once it has sent its share. */
  async admit(ip: string): Promise<void> {
    await this.limiter.consume('contactPerIp', ip);
  }

  async send(message: ContactBody, ip: string): Promise<void> {
    await this.repos.contact.insertContactMessage({
      ...message,
      ip,
      created_at: nowIso(),
    });
    for (const to of await this.repos.users.listAdminEmails()) {
      await this.mailer.send(contactMail(to, message));
    }
  }
}
