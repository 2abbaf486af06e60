import type { Attachment, Ticket, TicketMessage } from '../../../domain/ticket';
import { toBool, type Db } from '../../db/database';
import type { TicketRow } from '../../db/support-tables';
import { UploadsService } from '../uploads';

const who = (userId: number | null, userName: string | null) =>
  userId === null || userName === null ? null : { userId, userName };

export class SupportRepository {
  constructor(private readonly db: Db) {}

  /** One user's tickets, or everyone's (userId null), newest first. */
  async listTickets(userId: number | null): Promise<Ticket[]> {
    let query = this.db
      .selectFrom('tickets as t')
      .leftJoin('users as u', 'u.user_id', 't.user_id')
      .select(['t.ticket_id', 't.title', 't.created_at', 't.open', 't.user_id', 'u.user_name'])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.ticket_id', 'desc');
    if (userId !== null) query = query.where('t.user_id', '=', userId);
    return (await query.execute()).map((row) => ({
      ticketId: row.ticket_id,
      ticketTitle: row.title,
      ticketCreated: row.created_at,
      ticketOpen: toBool(row.open),
      ticketUser: who(row.user_id, row.user_name),
    }));
  }

  findTicket(ticketId: number): Promise<TicketRow | undefined> {
    return this.db
      .selectFrom('tickets')
      .selectAll()
      .where('ticket_id', '=', ticketId)
      .executeTakeFirst();
  }

  findTicketUser(userId: number): Promise<{ email: string; user_name: string } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['email', 'user_name'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async listMessages(ticketId: number): Promise<TicketMessage[]> {
    const rows = await this.db
      .selectFrom('ticket_messages as m')
      .leftJoin('users as u', 'u.user_id', 'm.user_id')
      .select([
        'm.ticket_message_id',
        'm.body',
        'm.created_at',
        'm.user_id',
        'u.user_name',
        'u.is_admin',
      ])
      .where('m.ticket_id', '=', ticketId)
      .orderBy('m.created_at')
      .orderBy('m.ticket_message_id')
      .execute();
    return rows.map((row) => {
      const user = who(row.user_id, row.user_name);
      return {
        ticketMessageId: row.ticket_message_id,
        ticketMessageBody: row.body,
        ticketMessageCreated: row.created_at,
        user: user && { ...user, isAdmin: toBool(row.is_admin) },
      };
    });
  }

  async listAttachments(ticketId: number): Promise<Attachment[]> {
    const rows = await this.db
      .selectFrom('ticket_attachments as a')
      .innerJoin('ticket_messages as m', 'm.ticket_message_id', 'a.ticket_message_id')
      .innerJoin('uploads as up', 'up.upload_id', 'a.upload_id')
      .select([
        'a.upload_id',
        'a.ticket_message_id',
        'up.stored_name',
        'up.original_name',
        'up.size',
        'up.content_type',
      ])
      .where('m.ticket_id', '=', ticketId)
      .orderBy('a.ticket_attachment_id')
      .execute();
    return rows.map((row) => ({
      uploadId: row.upload_id,
      uploadPath: UploadsService.publicPath(row),
      ticketMessageId: row.ticket_message_id,
      uploadName: row.original_name,
      uploadSize: Number(row.size),
      uploadType: row.content_type,
    }));
  }

  /** Adds a message with its attachments; the caller runs it in the transaction it needs. */
  async insertMessage(
    message: { ticketId: number; userId: number; body: string; createdAt: string },
    uploadIds: readonly number[],
  ): Promise<number> {
    const { ticket_message_id } = await this.db
      .insertInto('ticket_messages')
      .values({
        ticket_id: message.ticketId,
        user_id: message.userId,
        body: message.body,
        created_at: message.createdAt,
      })
      .returning('ticket_message_id')
      .executeTakeFirstOrThrow();
    if (uploadIds.length > 0) {
      await this.db
        .insertInto('ticket_attachments')
        .values(uploadIds.map((upload_id) => ({ ticket_message_id, upload_id })))
        .execute();
    }
    return ticket_message_id;
  }

  async insertTicketWithMessage(
    ticket: { userId: number; title: string; body: string; createdAt: string },
    uploadIds: readonly number[],
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { ticket_id } = await trx
        .insertInto('tickets')
        .values({
          user_id: ticket.userId,
          title: ticket.title,
          open: 1,
          created_at: ticket.createdAt,
        })
        .returning('ticket_id')
        .executeTakeFirstOrThrow();
      await new SupportRepository(trx).insertMessage({ ...ticket, ticketId: ticket_id }, uploadIds);
      return ticket_id;
    });
  }

  setTicketOpen(ticketId: number, open: boolean) {
    return this.db
      .updateTable('tickets')
      .set({ open: open ? 1 : 0 })
      .where('ticket_id', '=', ticketId)
      .executeTakeFirst();
  }

  deleteTicketRow(ticketId: number) {
    return this.db.deleteFrom('tickets').where('ticket_id', '=', ticketId).executeTakeFirst();
  }
}
