import type {
  Conversation,
  Correspondent,
  RecipientQuery,
  ThreadPage,
  ThreadQuery,
} from '../../../domain/message-threads';
import { RECIPIENTS_LIMIT } from '../../../domain/message-threads';
import type { Caller } from '../../access/caller';
import { mayOpenConversation, recipientSearchScope, shownAsAdmin } from '../../access/messages';
import { toBool } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import { ThreadsRepository, type RecipientRow } from './threads.repository';

const toCorrespondent = (row: RecipientRow): Correspondent => ({
  userId: Number(row.user_id),
  userName: row.user_name,
  isAdmin: shownAsAdmin(row),
});

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  threads: ThreadsRepository;
}

/** Conversations per correspondent, a thread's pages, read marks, and the recipient picker. */
export class ThreadsService {
  private readonly threads: ThreadsRepository;

  constructor(private readonly repos: Repositories) {
    this.threads = this.repos.threads;
  }

  async conversations(caller: Caller): Promise<Conversation[]> {
    const rows = await this.threads.conversations(caller.userId);
    return rows.map((row) => ({
      userId: Number(row.other_id),
      userName: row.user_name,
      isAdmin: shownAsAdmin(row),
      lastTitle: row.title,
      lastDate: row.created_at,
      lastFromMe: row.from_user_id !== null && Number(row.from_user_id) === caller.userId,
      unread: Number(row.unread),
    }));
  }

  async thread(caller: Caller, otherId: number, query: ThreadQuery): Promise<ThreadPage> {
    const user = await this.correspondent(caller, otherId);
    // One row more than asked tells whether an older page exists.
    const rows = await this.threads.thread(
      caller.userId,
      otherId,
      query.before ?? null,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const oldest = page.at(-1);
    return {
      user,
      messages: page.reverse().map((row) => ({
        dmId: Number(row.dm_id),
        fromMe: row.from_user_id !== null && Number(row.from_user_id) === caller.userId,
        title: row.title,
        body: row.body,
        date: row.created_at,
        read: toBool(row.read),
      })),
      nextBefore: rows.length > query.limit && oldest ? Number(oldest.dm_id) : null,
    };
  }

  async markRead(caller: Caller, otherId: number): Promise<number> {
    await this.correspondent(caller, otherId);
    return this.threads.markConversationRead(caller.userId, otherId);
  }

  async recipients(caller: Caller, query: RecipientQuery): Promise<Correspondent[]> {
    const { excludeUserId } = recipientSearchScope(caller);
    const rows = await this.threads.recipients(excludeUserId, query.q, RECIPIENTS_LIMIT);
    return rows.map(toCorrespondent);
  }

  private async correspondent(caller: Caller, otherId: number): Promise<Correspondent> {
    if (!mayOpenConversation(caller, otherId)) {
      throw new BadRequest('There is no conversation with yourself');
    }
    const row = await this.threads.findUser(otherId);
    if (row === undefined) throw new NotFound('User not found');
    return toCorrespondent(row);
  }
}
