import type { UploadRow } from '../db/support-tables';
import { Forbidden } from '../errors';
import { requireConfirmedEmail, type Caller } from './caller';

type Who = Pick<Caller, 'userId' | 'isAdmin' | 'user'>;

/** Uploading takes disk space: only accounts with a confirmed e-mail may (spec P2 §4). */
export function assertMayUpload(caller: Pick<Caller, 'user'>): void {
  requireConfirmedEmail(caller);
}

/** Deleting an upload: its uploader or an administrator. */
export const mayManageUpload = (caller: Who, upload: Pick<UploadRow, 'user_id'>): boolean =>
  caller.isAdmin || upload.user_id === caller.userId;

export function assertMayManageUpload(caller: Who, upload: Pick<UploadRow, 'user_id'>): void {
  if (!mayManageUpload(caller, upload))
    throw new Forbidden('Only the uploader or an administrator can delete this upload');
}

/**
 * Opening an upload's file: who may manage it, and the owners of tickets that carry it as an
 * attachment (an admin's reply attaches the admin's upload to the user's ticket).
 */
export const mayOpenUpload = (
  caller: Who,
  upload: Pick<UploadRow, 'user_id'>,
  ticketUserIds: readonly number[],
): boolean => mayManageUpload(caller, upload) || ticketUserIds.includes(caller.userId);

/** The servers' daily logs hold addresses and tokens of downloads: administrators only. */
export const mayOpenLogs = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;

/** A reply attaches only files its author uploaded, so nobody can pass on another's upload. */
export const mayAttach = (caller: Pick<Caller, 'userId'>, upload: Pick<UploadRow, 'user_id'>) =>
  upload.user_id === caller.userId;

/** Bytes of audio the caller may still upload (roleUploadLimit); null when unlimited. */
export function remainingUploadBytes(caller: Caller, usedBytes: number): number | null {
  const limit = caller.role.roleUploadLimit;
  if (caller.isAdmin || limit === null) return null;
  return Math.max(0, limit - usedBytes);
}

export function uploadQuotaExceeded(caller: Caller, usedBytes: number): Forbidden {
  const limit = caller.role.roleUploadLimit ?? 0;
  return new Forbidden(
    `Upload quota exceeded: your role allows ${Math.floor(limit / 1_000_000)} MB of uploads; ${Math.ceil(usedBytes / 1_000_000)} MB are used`,
  );
}

/** Whether `usedBytes` of audio is more than the caller's role allows. */
export function overUploadQuota(caller: Caller, usedBytes: number): boolean {
  const limit = caller.role.roleUploadLimit;
  return !caller.isAdmin && limit !== null && usedBytes > limit;
}

/** Whether the caller's audio uploads are limited at all (administrators and null are not). */
export const uploadsLimited = (caller: Caller): boolean => remainingUploadBytes(caller, 0) !== null;
