import { Forbidden, NotFound } from '../errors';
import type { Caller } from './caller';
import { canSeeCollection, COLLECTION_NOT_FOUND } from './collections';

export const CONFIRM_EMAIL_FIRST = 'You need to confirm your email first!';

/**
 * Uploading into the library (/upload): administrators, and users whose role has
 * roleCanUpload once their e-mail is confirmed (the spec sends unconfirmed users away).
 */
export function requireLibraryUploader(caller: Caller): void {
  if (caller.isAdmin) return;
  if (!caller.role.roleCanUpload) throw new Forbidden('Your role may not upload into the library');
  if (caller.user.email_confirmed !== 1) throw new Forbidden(CONFIRM_EMAIL_FIRST);
}

export interface UploadTargetRow {
  hidden: boolean | number;
  tags: readonly string[];
  uploadedBy: number | null;
}

/**
 * A collection an uploader may add files to, import or rename: administrators any, other
 * uploaders only the ones they created from /upload. One they cannot see is missing (404),
 * like everywhere else; a visible one that is not theirs is 403.
 */
export function assertMayChangeCollection(
  caller: Caller,
  collection: UploadTargetRow | undefined,
): asserts collection is UploadTargetRow {
  requireLibraryUploader(caller);
  if (!collection || !canSeeCollection(caller, collection))
    throw new NotFound(COLLECTION_NOT_FOUND);
  if (caller.isAdmin || collection.uploadedBy === caller.userId) return;
  throw new Forbidden('Only the uploader who created this collection may change it');
}

/**
 * User uploads (/user-upload): any signed-in user with a confirmed e-mail, within the bytes
 * their role allows (roleUploadLimit; null is unlimited, administrators are never limited).
 */
export function requireUserUploader(caller: Caller): void {
  if (!caller.isAdmin && caller.user.email_confirmed !== 1)
    throw new Forbidden(CONFIRM_EMAIL_FIRST);
}

/** Bytes of audio the caller may still upload; null when unlimited. */
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

export function assertUploadQuota(caller: Caller, usedBytes: number, addedBytes: number): void {
  const remaining = remainingUploadBytes(caller, usedBytes);
  if (remaining !== null && addedBytes > remaining) throw uploadQuotaExceeded(caller, usedBytes);
}
