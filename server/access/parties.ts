import { Forbidden, NotFound, Unauthorized } from '../errors';
import type { Caller } from './caller';
import type { RoleReach, Visibility } from './collections';
import { requireBrowse } from './collections';
import { sharerStillShares, shareVisibility } from './share-rights';

/** Unknown, malformed and ended parties all answer this, so none can be told apart. */
export const PARTY_NOT_FOUND = 'Party not found';
/** A track that is not there and one the caller may not see answer the same. */
export const PARTY_TRACK_NOT_FOUND = 'Track not found';
export const SIGN_IN_TO_JOIN = 'Sign in to join this party';
export const REMOVED_FROM_PARTY = 'The host removed you from this party';

interface PartyFacts {
  hostUserId: number;
  allowAnonymous: boolean;
  endedAt: string | null;
}

/** A party opens while it is live and its host still may play what it holds. */
export function requireLiveParty<T extends PartyFacts>(
  party: T | undefined,
  host: Pick<Caller, 'canBrowse' | 'user'> | undefined,
): T {
  if (party === undefined || party.endedAt !== null) throw new NotFound(PARTY_NOT_FOUND);
  // A banned host, or one who lost browsing, hosts nothing: the link ends with their rights.
  if (host === undefined || !sharerStillShares(host)) throw new NotFound(PARTY_NOT_FOUND);
  return party;
}

export const isPartyHost = (caller: Pick<Caller, 'userId'> | null, party: PartyFacts): boolean =>
  caller !== null && caller.userId === party.hostUserId;

/**
 * The host's own calls (remove a track or a guest, end, report what plays): anyone else gets
 * the 404 an unknown party gets, so party ids tell nothing.
 */
export function requirePartyHost<T extends PartyFacts>(
  caller: Pick<Caller, 'userId'>,
  party: T | undefined,
): T {
  if (party === undefined || party.endedAt !== null || !isPartyHost(caller, party))
    throw new NotFound(PARTY_NOT_FOUND);
  return party;
}

/** Starting a party plays the host's library on their device: it needs the browse right. */
export function requireMayHost(caller: Pick<Caller, 'canBrowse'>): void {
  requireBrowse(caller);
}

/** Signed-in users may join; signed-out people only where the host allowed it. */
export const mayJoinParty = (caller: Caller | null, party: PartyFacts): boolean =>
  caller !== null || party.allowAnonymous;

export function requireMayJoin(caller: Caller | null, party: PartyFacts): void {
  if (!mayJoinParty(caller, party)) throw new Unauthorized(SIGN_IN_TO_JOIN);
}

/** A guest the host removed may no longer look, add or vote. */
export function requireNotRemoved(guest: { removed: boolean } | undefined): void {
  if (guest?.removed === true) throw new Forbidden(REMOVED_FROM_PARTY);
}

/**
 * Whose eyes a party's tracks pass for this viewer: a signed-in user's own visibility (they
 * must be allowed to browse: a role without it sees no tracks and adds none), a signed-out
 * guest's the "anyone" view of a share link (what the host may see and no role hides). The
 * host's own eyes are always added: their device plays every track.
 */
export function partyViewers(
  viewer: Caller | null,
  host: Caller,
  roles: readonly RoleReach[],
): Visibility[] | null {
  if (viewer === null) return [shareVisibility(host, roles), host];
  if (!viewer.canBrowse) return null;
  return viewer.userId === host.userId ? [host] : [viewer, host];
}

/** Adding a track: the viewer must be one who sees tracks at all (see partyViewers). */
export function requireMayAdd(viewers: Visibility[] | null): Visibility[] {
  if (viewers === null) throw new Forbidden('Your role does not allow browsing the library');
  return viewers;
}
