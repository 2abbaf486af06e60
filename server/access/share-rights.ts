import { isFree } from '../../domain/access';
import type { Settings } from '../../domain/settings';
import { NotFound } from '../errors';
import type { Caller } from './caller';
import { foldTags } from './caller';
import { canSeeCollection, commonLibraries, type RoleReach, type Visibility } from './collections';

/** Unknown, malformed, expired and revoked links all answer this, so none can be told apart. */
export const SHARE_NOT_FOUND = 'Share link not found';

/**
 * What a share link may show: what the sharer may see, and of that only what every role may
 * see (nothing hidden, no tag any role blacklists, no library a role lacks), because the link
 * opens for anyone. An
 * administrator's link is bound by the second part too: a hidden collection is never shared.
 */
export function shareVisibility(
  sharer: Pick<Caller, 'blacklistKeys' | 'libraryIds'>,
  roles: readonly RoleReach[],
): Visibility {
  return {
    isAdmin: false,
    blacklistKeys: foldTags([...sharer.blacklistKeys, ...roles.flatMap((r) => r.blacklist)]),
    libraryIds: commonLibraries([{ libraries: sharer.libraryIds }, ...roles]),
  };
}

/**
 * Whether a link of this sharer may show this collection, at creation and again at every open
 * (a collection hidden or blacklisted since stops opening). The sharer must still browse.
 */
export function mayShareCollection(
  sharer: Pick<Caller, 'canBrowse' | 'blacklistKeys' | 'libraryIds'>,
  roles: readonly RoleReach[],
  collection: { hidden: boolean | number; tags: readonly string[]; libraryId: number | null },
): boolean {
  return sharer.canBrowse && canSeeCollection(shareVisibility(sharer, roles), collection);
}

/**
 * A link keeps opening only while its sharer may still browse and is not banned: a link is the
 * sharer's view lent out, and it ends with their right to that view.
 */
export const sharerStillShares = (sharer: Pick<Caller, 'canBrowse' | 'user'>): boolean =>
  sharer.canBrowse && Number(sharer.user.is_banned) !== 1;

/** A link is listed to and revoked by its sharer and administrators; others get 404. */
export function assertMayManageShare(
  caller: Pick<Caller, 'isAdmin' | 'userId'>,
  share: { user_id: number },
): void {
  if (caller.isAdmin || share.user_id === caller.userId) return;
  throw new NotFound(SHARE_NOT_FOUND);
}

/** Administrators list every link; others their own. */
export const listsEveryShare = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;

/**
 * Share links play 30 s previews, never full tracks, unless the collection is free and the
 * administrator turned on full streams for shares. Downloads never go through a link.
 */
export const shareStreamsInFull = (
  settings: Pick<Settings, 'shareFullStreams'>,
  collection: { collectionPrice: number | null },
): boolean => settings.shareFullStreams && isFree(collection);
