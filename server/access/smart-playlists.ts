import { Forbidden, NotFound } from '../errors';
import type { Caller } from './caller';

export const SMART_PLAYLIST_NOT_FOUND = 'Smart playlist not found';

type Who = Pick<Caller, 'isAdmin' | 'userId'>;
interface SmartPlaylistOwner {
  user_id: number;
  public: number;
}

/**
 * A smart playlist is read by its owner, administrators, and anyone once public; another
 * user's private one answers 404 like an unknown id. Reading it never widens what the reader
 * sees: its tracks always go through the reader's own visibility (visibleTo).
 */
export function assertMayReadSmartPlaylist(caller: Who, row: SmartPlaylistOwner): void {
  if (caller.isAdmin || Number(row.user_id) === caller.userId || Number(row.public) === 1) return;
  throw new NotFound(SMART_PLAYLIST_NOT_FOUND);
}

/**
 * Smart playlists list library content, so a role without browsing sees none (lists answer
 * them empty; reading one is refused by requireBrowse).
 */
export const seesSmartPlaylists = (caller: Pick<Caller, 'canBrowse'>): boolean => caller.canBrowse;

/** Editing and deleting: the owner or an administrator. */
export const mayChangeSmartPlaylist = (caller: Who, row: Pick<SmartPlaylistOwner, 'user_id'>) =>
  caller.isAdmin || Number(row.user_id) === caller.userId;

/** A readable smart playlist that is not the caller's to change: 403. */
export function assertMayChangeSmartPlaylist(caller: Who, row: SmartPlaylistOwner): void {
  if (!mayChangeSmartPlaylist(caller, row)) {
    throw new Forbidden('Only the owner can change this smart playlist');
  }
}
