import type { UploadRow } from '../db/support-tables';
import type { UserRow } from '../db/tables';
import { Forbidden } from '../errors';

type Who = Pick<UserRow, 'user_id' | 'is_admin' | 'email_confirmed'>;

export const CONFIRM_EMAIL_FIRST = 'You need to confirm your email first!';

/** Uploading takes disk space: only accounts with a confirmed e-mail may (spec P2 §4). */
export function assertMayUpload(user: Who): void {
  if (user.email_confirmed !== 1) throw new Forbidden(CONFIRM_EMAIL_FIRST);
}

/** Deleting an upload: its uploader or an administrator. */
export const mayManageUpload = (user: Who, upload: Pick<UploadRow, 'user_id'>): boolean =>
  user.is_admin === 1 || upload.user_id === user.user_id;

/**
 * Opening an upload's file: who may manage it, and the owners of tickets that carry it as an
 * attachment (an admin's reply attaches the admin's upload to the user's ticket).
 */
export const mayOpenUpload = (
  user: Who,
  upload: Pick<UploadRow, 'user_id'>,
  ticketUserIds: readonly number[],
): boolean => mayManageUpload(user, upload) || ticketUserIds.includes(user.user_id);

/** The servers' daily logs hold addresses and tokens of downloads: administrators only. */
export const mayOpenLogs = (user: Who): boolean => user.is_admin === 1;

/** A reply attaches only files its author uploaded, so nobody can pass on another's upload. */
export const mayAttach = (user: Who, upload: Pick<UploadRow, 'user_id'>): boolean =>
  upload.user_id === user.user_id;
