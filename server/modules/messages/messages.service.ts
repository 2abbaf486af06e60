import type { DirectMessage, DirectMessageInput } from '../../../domain/message';
import type { Config } from '../../config';
import { assertMayMessage } from '../../access/messages';
import { toBool } from '../../db/database';
import type { UserRow } from '../../db/tables';
import { BadRequest, NotFound } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { directMessageMail } from '../../mail/templates';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { SettingsService } from '../settings';
import { UsersRepository } from '../users';
import { MessagesRepository, type MessageRow } from './messages.repository';

/** What sending a message needs besides the repositories, handed in by server/root. */
export interface MessageDeps {
  settings: Pick<SettingsService, 'get'>;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
}

const DELETED_USER = 'Deleted user';

const toWireMessage = (row: MessageRow): DirectMessage => ({
  dmId: Number(row.dm_id),
  dmTitle: row.title,
  dmBody: row.body,
  dmDate: row.created_at,
  dmRead: toBool(row.read),
  dmFrom: row.from_user_id === null ? null : Number(row.from_user_id),
  userName: row.from_user_name ?? DELETED_USER,
});

// Line feeds and tabs format a message; any other C0 control or DEL is not text.
const hasControl = (text: string): boolean =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && char !== '\n' && char !== '\t') || code === 0x7f;
  });

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  messages: MessagesRepository;
  users: UsersRepository;
}

/** A direct message as another module sends it (MessagesService.deliver). */
export interface OutgoingMessage {
  from: UserRow | null;
  to: UserRow;
  title: string;
  body: string;
}

/**
 * Stores a direct message and, when settings.sendDmEmails is on, mails a copy to the
 * recipient. Rules about who may message whom belong to the caller.
 */
async function sendDirectMessage(
  deps: MessageDeps,
  messages: MessagesRepository,
  message: OutgoingMessage,
): Promise<number> {
  const title = message.title.trim();
  const body = message.body.replace(/\r\n?/g, '\n');
  if (hasControl(title) || hasControl(body)) {
    throw new BadRequest('The message contains control characters');
  }
  const dmId = await messages.insertMessage({
    from: message.from?.user_id ?? null,
    to: message.to.user_id,
    title,
    body,
  });
  if ((await deps.settings.get()).sendDmEmails) {
    // The message is stored either way; a failed delivery is logged by the mailer.
    void deps.mailer.send(
      directMessageMail(deps.config.publicUrl, message.to.email, {
        recipientName: message.to.user_name,
        senderName: message.from?.user_name ?? 'Musicbox',
        title,
        body,
      }),
    );
  }
  return dmId;
}

/** The inbox of the signed-in user: each user reads, marks and deletes only their own. */
export class MessagesService {
  private readonly messages: MessagesRepository;

  constructor(
    private readonly deps: MessageDeps & { limiter: RateLimiter },
    private readonly repos: Repositories,
  ) {
    this.messages = this.repos.messages;
  }

  async send(sender: UserRow, toUserId: number, input: DirectMessageInput): Promise<void> {
    if (toUserId === sender.user_id) {
      throw new BadRequest('You cannot send a direct message to yourself');
    }
    const recipient = await this.repos.users.findUserById(toUserId);
    if (recipient === undefined) throw new NotFound('User not found');
    assertMayMessage(recipient);
    await this.deps.limiter.consume('dmPerSender', String(sender.user_id));
    await sendDirectMessage(this.deps, this.messages, { from: sender, to: recipient, ...input });
  }

  /**
   * The one way another module sends a DM (a filled request tells its author this way): no
   * rate limit, the sender's module decided it may.
   */
  deliver(message: OutgoingMessage): Promise<number> {
    return sendDirectMessage(this.deps, this.messages, message);
  }

  async list(userId: number): Promise<DirectMessage[]> {
    return (await this.messages.inbox(userId)).map(toWireMessage);
  }

  async markRead(userId: number, dmId: number): Promise<void> {
    if (!(await this.messages.markRead(dmId, userId))) throw new NotFound('Message not found');
  }

  async delete(userId: number, dmId: number): Promise<void> {
    if (!(await this.messages.deleteMessage(dmId, userId))) throw new NotFound('Message not found');
  }

  unreadCount(userId: number): Promise<number> {
    return this.messages.countUnreadMessages(userId);
  }
}
