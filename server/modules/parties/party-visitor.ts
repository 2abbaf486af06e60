import { createHash } from 'node:crypto';
import type { PlaylistEntry } from '../../../domain/playlist';
import type { PartyTrackInfo } from '../../../domain/parties';
import type { Caller } from '../../access/caller';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The cookie a signed-out guest is known by, scoped to the party's API path. */
export const GUEST_COOKIE = 'party_guest';
export const GUEST_COOKIE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Who calls: a signed-in caller, or someone signed out with (maybe) a guest cookie. */
export interface PartyVisitor {
  caller: Caller | null;
  guestCookie: string | null;
  ip: string;
}

/** The entries of the play queue (its visibility rules) for these files, as the caller sees them. */
export type QueueEntries = (caller: Caller, fileIds: number[]) => Promise<PlaylistEntry[]>;

export const toInfo = (entry: PlaylistEntry): PartyTrackInfo => ({
  fileId: entry.file.fileId,
  title: entry.audio.audioTitle,
  artists: entry.audio.audioArtists,
  collectionName: entry.collectionName,
  duration: entry.audio.audioDuration,
  imageHash: entry.file.fileImageHash ?? entry.collectionImageHash,
});

/** How the visitor is known in a party: their user id, or the hash of their guest cookie. */
export function guestKeyOf(visitor: PartyVisitor): string | null {
  if (visitor.caller !== null) return `u:${visitor.caller.userId}`;
  const cookie = visitor.guestCookie;
  return cookie !== null && GUEST_COOKIE_PATTERN.test(cookie) ? `g:${sha256(cookie)}` : null;
}
