import type { UserRow } from '../db/tables';
import { Forbidden } from '../errors';
import type { Caller } from './caller';

/**
 * Who a member may find in the "New message" picker: any other account that is not banned
 * (a banned user cannot receive messages anyway), administrators included so a buyer can
 * always reach one. The picker shows only what a public profile shows: the name and whether
 * the account is an administrator.
 */
export const recipientSearchScope = (
  caller: Pick<Caller, 'userId'>,
): { excludeUserId: number } => ({ excludeUserId: caller.userId });

/** A conversation is always the caller's own: with themselves there is none. */
export const mayOpenConversation = (caller: Pick<Caller, 'userId'>, otherId: number): boolean =>
  caller.userId !== otherId;

/** A direct message goes only to an account that is not banned: its owner could never read it. */
export function assertMayMessage(recipient: Pick<UserRow, 'is_banned'>): void {
  if (recipient.is_banned === 1) throw new Forbidden('This user is banned');
}

/** The "Administrator" mark in the picker and the thread: the one place it is read. */
export const shownAsAdmin = (account: { is_admin: number }): boolean =>
  Number(account.is_admin) === 1;
