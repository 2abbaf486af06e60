import type { Role } from './role';
import type { PublicSettings } from './settings';
import type { User } from './user';

/** Which drawer entries a signed-in user sees (spec part 1, "Application shell"). */
export interface DrawerVisibility {
  browse: boolean;
  requests: boolean;
  playlists: boolean;
  upload: boolean;
  /** /user-upload: sending one's own music for review (issue 30). */
  userUpload: boolean;
  store: boolean;
  /** /podcasts (issue 49): the role right, or an administrator (server/access/podcasts.ts). */
  podcasts: boolean;
  admin: boolean;
}

/** /upload (into the library): administrators and roles with roleCanUpload. */
export const mayUploadToLibrary = (
  user: Pick<User, 'isAdmin'>,
  role: Pick<Role, 'roleCanUpload'>,
): boolean => user.isAdmin || role.roleCanUpload;

/**
 * Whether /user-upload can take this user's files (server/access/user-upload.ts and uploads.ts):
 * administrators always; others once their e-mail is confirmed, unless their role keeps no
 * upload bytes at all (a limit of 0).
 */
export const mayUseUserUpload = (
  user: Pick<User, 'isAdmin' | 'emailConfirmed'>,
  role: Pick<Role, 'roleUploadLimit'>,
): boolean => user.isAdmin || (user.emailConfirmed !== false && role.roleUploadLimit !== 0);

export function drawerVisibility(
  user: Pick<User, 'isAdmin' | 'emailConfirmed'>,
  role: Role,
  settings: Pick<PublicSettings, 'enableBrowse' | 'enableRequests' | 'enableStore'>,
): DrawerVisibility {
  return {
    browse: role.roleEnableBrowse && settings.enableBrowse,
    requests: role.roleEnableRequests && settings.enableRequests,
    playlists: role.roleEnableBrowse,
    upload: mayUploadToLibrary(user, role),
    userUpload: mayUseUserUpload(user, role),
    store: role.roleEnableStore && settings.enableStore,
    podcasts: user.isAdmin || role.rolePodcasts,
    admin: user.isAdmin,
  };
}

/** A VIP role is never streaming-only; otherwise the setting decides, defaulting to streaming-only. */
export function isStreamingOnly(
  role: Pick<Role, 'roleVip'> | undefined,
  settings: Pick<PublicSettings, 'streamingOnly'> | undefined,
): boolean {
  if (role?.roleVip) return false;
  return settings?.streamingOnly ?? true;
}

type LimitsRole = Pick<Role, 'roleDownloadPaid' | 'roleDownloadLimit' | 'roleTranscode'>;

/** A free collection has no price (or a zero one). */
export const isFree = (collection: { collectionPrice: number | null }): boolean =>
  collection.collectionPrice === null || collection.collectionPrice <= 0;

/**
 * Full playback (not only the preview): the collection is free, or unlocked for the user, or
 * the role has roleDownloadPaid, or the role has no download limit (spec part 1, sections 4, 5).
 */
export function canPlayFull(
  collection: { collectionPrice: number | null },
  unlocked: boolean,
  role: LimitsRole,
): boolean {
  return isFree(collection) || unlocked || role.roleDownloadPaid || role.roleDownloadLimit === null;
}

/** Paid collections download only when unlocked or with roleDownloadPaid. */
export function canDownloadCollection(
  collection: { collectionPrice: number | null },
  unlocked: boolean,
  role: LimitsRole,
): boolean {
  return isFree(collection) || unlocked || role.roleDownloadPaid;
}

/** Transcoded formats need roleTranscode or a transcode unlock of the collection. */
export function canTranscode(role: LimitsRole, transcodeUnlocked: boolean): boolean {
  return role.roleTranscode || transcodeUnlocked;
}
