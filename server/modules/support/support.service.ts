import { OTHER_UPLOAD_MAX_BYTES } from '../../../domain/upload';
import type {
  ParsedNewTicket,
  ParsedTicketReply,
  Ticket,
  TicketDetail,
} from '../../../domain/ticket';
import { mayAttach } from '../../access/uploads';
import {
  assertMayDeleteTicket,
  assertMayReadTicket,
  assertMayReply,
  notifiesTicketUser,
  ticketsScope,
} from '../../access/tickets';
import type { Caller } from '../../access/caller';
import { nowIso, type Db } from '../../db/database';
import type { TicketRow } from '../../db/support-tables';
import { BadRequest, NotFound, PayloadTooLarge } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { newTicketMail, ticketReplyMail } from '../../mail/support-mail';
import { UsersRepository } from '../users';
import { UploadsRepository } from '../uploads';
import type { UploadsService } from '../uploads';
import { SupportRepository } from './support.repository';
import { withExecutor } from '../../db/with-executor';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  support: SupportRepository;
  uploads: UploadsRepository;
  users: UsersRepository;
}

/** Support tickets: a user and the administrators write messages with attached uploads. */
export class SupportService {
  private readonly support: SupportRepository;
  private readonly uploadsRepo: UploadsRepository;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly mailer: Mailer,
    /** The app's one UploadsService (server/root): attachments are uploads. */
    private readonly uploads: UploadsService,
    private readonly repos: Repositories,
  ) {
    this.support = this.repos.support;
    this.uploadsRepo = this.repos.uploads;
  }

  list(caller: Caller): Promise<Ticket[]> {
    return this.support.listTickets(ticketsScope(caller));
  }

  async create(caller: Caller, input: ParsedNewTicket): Promise<number> {
    await this.checkAttachments(caller, input.attachments);
    const ticketId = await this.support.insertTicketWithMessage(
      { userId: caller.userId, title: input.title, body: input.body, createdAt: nowIso() },
      input.attachments,
    );
    const mail = {
      ticketId,
      title: input.title,
      body: input.body,
      userName: caller.user.user_name,
    };
    for (const to of await this.repos.users.listAdminEmails()) {
      if (to !== caller.user.email) await this.mailer.send(newTicketMail(this.publicUrl, to, mail));
    }
    return ticketId;
  }

  async detail(caller: Caller, ticketId: number): Promise<TicketDetail> {
    const row = await this.readable(caller, ticketId);
    const [messages, attachments, user] = await Promise.all([
      this.support.listMessages(ticketId),
      this.support.listAttachments(ticketId),
      this.support.findTicketUser(row.user_id),
    ]);
    return {
      ticket: {
        ticketId: row.ticket_id,
        ticketTitle: row.title,
        ticketCreated: row.created_at,
        ticketOpen: row.open === 1,
        ticketUser: user === undefined ? null : { userId: row.user_id, userName: user.user_name },
      },
      messages,
      attachments,
    };
  }

  async setOpen(caller: Caller, ticketId: number, open: boolean): Promise<TicketDetail> {
    await this.readable(caller, ticketId);
    await this.support.setTicketOpen(ticketId, open);
    return this.detail(caller, ticketId);
  }

  async reply(caller: Caller, ticketId: number, input: ParsedTicketReply): Promise<number> {
    const ticket = await this.get(ticketId);
    assertMayReply(caller, ticket);
    await this.checkAttachments(caller, input.attachments);
    const messageId = await this.db.transaction().execute(async (trx) => {
      const support = withExecutor(this.repos.support, trx);
      // Closed between the check and now: the reply must not land on a closed ticket.
      const locked = await support.findTicket(ticketId);
      if (locked === undefined) throw new NotFound('Ticket not found');
      assertMayReply(caller, locked);
      return support.insertMessage(
        { ticketId, userId: caller.userId, body: input.body, createdAt: nowIso() },
        input.attachments,
      );
    });
    if (notifiesTicketUser(caller, ticket)) await this.mailTicketUser(ticket, input.body);
    return messageId;
  }

  /** The ticket goes with its messages; the attached files go too (row and file together). */
  async delete(caller: Caller, ticketId: number): Promise<void> {
    assertMayDeleteTicket(caller);
    await this.get(ticketId);
    const attached = await this.support.listAttachments(ticketId);
    await this.support.deleteTicketRow(ticketId);
    for (const upload of await this.uploadsRepo.findUploads(attached.map((a) => a.uploadId))) {
      await this.uploads.delete(upload);
    }
  }

  private async get(ticketId: number): Promise<TicketRow> {
    const ticket = await this.support.findTicket(ticketId);
    if (ticket === undefined) throw new NotFound('Ticket not found');
    return ticket;
  }

  private async readable(caller: Caller, ticketId: number): Promise<TicketRow> {
    const ticket = await this.get(ticketId);
    assertMayReadTicket(caller, ticket);
    return ticket;
  }

  /** Each id must be an upload the caller made, small enough to pass on as an attachment. */
  private async checkAttachments(caller: Caller, uploadIds: readonly number[]): Promise<void> {
    const found = new Map(
      (await this.uploadsRepo.findUploads(uploadIds)).map((upload) => [upload.upload_id, upload]),
    );
    for (const uploadId of uploadIds) {
      const upload = found.get(uploadId);
      if (upload === undefined) throw new BadRequest(`Attachment ${uploadId} does not exist`);
      if (!mayAttach(caller, upload)) {
        throw new BadRequest(`Attachment ${uploadId} is not an upload of yours`);
      }
      if (Number(upload.size) > OTHER_UPLOAD_MAX_BYTES) {
        throw new PayloadTooLarge(`Attachment ${uploadId} is larger than 25 MB`);
      }
    }
  }

  private async mailTicketUser(ticket: TicketRow, body: string): Promise<void> {
    const user = await this.support.findTicketUser(ticket.user_id);
    if (user === undefined) return;
    await this.mailer.send(
      ticketReplyMail(this.publicUrl, user.email, {
        ticketId: ticket.ticket_id,
        title: ticket.title,
        body,
        userName: user.user_name,
      }),
    );
  }
}
