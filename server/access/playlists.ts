import { Forbidden, NotFound } from '../errors';
import { requireAdmin, type Caller } from './caller';

export const PLAYLIST_NOT_FOUND = 'Playlist not found';

type Who = Pick<Caller, 'isAdmin' | 'userId'>;
interface PlaylistOwner {
  user_id: number | null;
}

/**
 * A playlist is read by its owner, by administrators, and by anyone once public; someone
 * else's private playlist answers 404 like an unknown one, so its existence stays private.
 */
export function assertMayReadPlaylist(
  caller: Who,
  playlist: PlaylistOwner,
  isPublic: boolean,
): void {
  if (caller.isAdmin || playlist.user_id === caller.userId || isPublic) return;
  throw new NotFound(PLAYLIST_NOT_FOUND);
}

/** One user's own playlists, private ones included, are listed to them and to administrators. */
export function assertMayListPlaylistsOf(caller: Who, ownerId: number): void {
  if (ownerId !== caller.userId) requireAdmin(caller);
}

/** Changing a playlist: its owner or an administrator. */
export const mayChangePlaylist = (caller: Who, playlist: PlaylistOwner): boolean =>
  caller.isAdmin || playlist.user_id === caller.userId;

/** Changing a readable playlist: its owner or an administrator (403 for other readers). */
export function assertMayChangePlaylist(caller: Who, playlist: PlaylistOwner): void {
  if (mayChangePlaylist(caller, playlist)) return;
  throw new Forbidden('Only the owner can change this playlist');
}

/** Editorial playlists are the service's own picks: administrators make and unmake them. */
export function assertMaySetEditorial(caller: Pick<Caller, 'isAdmin'>): void {
  if (!caller.isAdmin) throw new Forbidden('Only administrators can make editorial playlists');
}
