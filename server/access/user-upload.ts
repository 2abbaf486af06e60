import { requireAdmin, requireConfirmedEmail, type Caller } from './caller';

/**
 * User uploads (/user-upload): any signed-in user with a confirmed e-mail, within the bytes
 * their role allows (server/access/uploads.ts); administrators always may.
 */
export function requireUserUploader(caller: Caller): void {
  if (!caller.isAdmin) requireConfirmedEmail(caller);
}

/** Whose submissions a caller lists: their own, or everyone's for an administrator (null). */
export const userUploadsScope = (caller: Pick<Caller, 'isAdmin' | 'userId'>): number | null =>
  caller.isAdmin ? null : caller.userId;

/** Importing a submission into the library is an administrator's decision. */
export function requireUserUploadImport(caller: Pick<Caller, 'isAdmin'>): void {
  requireAdmin(caller, 'Only administrators can import user uploads');
}

/** A submission is made from one's own upload; another's answers like a missing one. */
export const maySubmitUpload = (
  caller: Pick<Caller, 'userId'>,
  upload: { user_id: number | null },
) => upload.user_id === caller.userId;
