import type { TicketRow } from '../db/support-tables';
import { Conflict, Forbidden } from '../errors';
import { requireAdmin, type Caller } from './caller';

type Who = Pick<Caller, 'userId' | 'isAdmin'>;

/** A ticket is between its user and the administrators. */
export const mayReadTicket = (caller: Who, ticket: Pick<TicketRow, 'user_id'>): boolean =>
  caller.isAdmin || ticket.user_id === caller.userId;

export function assertMayReadTicket(caller: Who, ticket: Pick<TicketRow, 'user_id'>): void {
  if (!mayReadTicket(caller, ticket)) throw new Forbidden('This is not your ticket');
}

/** Replies only while open (spec P2 §4); closing and reopening stay with the same two. */
export function assertMayReply(caller: Who, ticket: Pick<TicketRow, 'user_id' | 'open'>): void {
  assertMayReadTicket(caller, ticket);
  if (ticket.open !== 1) throw new Conflict('This ticket is closed; reopen it to reply');
}

export function assertMayDeleteTicket(caller: Who): void {
  requireAdmin(caller, 'Only administrators can delete tickets');
}

/** Whose tickets a caller lists: their own, or everyone's for an administrator (null). */
export const ticketsScope = (caller: Who): number | null => (caller.isAdmin ? null : caller.userId);

/** The ticket's user hears about a reply by someone else (an administrator). */
export const notifiesTicketUser = (replier: Who, ticket: Pick<TicketRow, 'user_id'>): boolean =>
  replier.userId !== ticket.user_id;
