import type { TicketRow } from '../db/support-tables';
import type { UserRow } from '../db/tables';
import { Conflict, Forbidden } from '../errors';

type Who = Pick<UserRow, 'user_id' | 'is_admin'>;

/** A ticket is between its user and the administrators. */
export const mayReadTicket = (user: Who, ticket: Pick<TicketRow, 'user_id'>): boolean =>
  user.is_admin === 1 || ticket.user_id === user.user_id;

export function assertMayReadTicket(user: Who, ticket: Pick<TicketRow, 'user_id'>): void {
  if (!mayReadTicket(user, ticket)) throw new Forbidden('This is not your ticket');
}

/** Replies only while open (spec P2 §4); closing and reopening stay with the same two. */
export function assertMayReply(user: Who, ticket: Pick<TicketRow, 'user_id' | 'open'>): void {
  assertMayReadTicket(user, ticket);
  if (ticket.open !== 1) throw new Conflict('This ticket is closed; reopen it to reply');
}

export function assertMayDeleteTicket(user: Who): void {
  if (user.is_admin !== 1) throw new Forbidden('Only administrators can delete tickets');
}

/** The ticket's user hears about a reply by someone else (an administrator). */
export const notifiesTicketUser = (replier: Who, ticket: Pick<TicketRow, 'user_id'>): boolean =>
  replier.user_id !== ticket.user_id;
