import { Forbidden, NotFound } from '../errors';
import { requireConfirmedEmail, type Caller } from './caller';
import { canSeeCollection, COLLECTION_NOT_FOUND } from './collections';

/**
 * Uploading into the library (/upload): administrators, and users whose role has
 * roleCanUpload once their e-mail is confirmed (the spec sends unconfirmed users away).
 */
export function requireLibraryUploader(caller: Caller): void {
  if (caller.isAdmin) return;
  if (!caller.role.roleCanUpload) throw new Forbidden('Your role may not upload into the library');
  requireConfirmedEmail(caller);
}

export interface UploadTargetRow {
  hidden: boolean | number;
  tags: readonly string[];
  uploadedBy: number | null;
  libraryId: number | null;
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

export const UPLOAD_NOT_FOUND = 'Upload not found';

/**
 * A resumable upload in progress (/downloader/tus) is continued, read and cancelled only by
 * the uploader who started it (`ownerId`, NaN when unreadable); anyone else gets the 404 of an
 * upload that does not exist, so an upload id tells nothing about whose it is.
 */
export function assertMayContinueUpload(caller: Pick<Caller, 'userId'>, ownerId: number): void {
  if (ownerId !== caller.userId) throw new NotFound(UPLOAD_NOT_FOUND);
}
