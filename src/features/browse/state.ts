import { atom } from 'jotai';
import type { BrowseAddress } from '../../../domain/browse-filters';

/**
 * Keep-alive for /browse: the screen unmounts when the user opens a collection. The filters
 * live in the address; what else must survive (the last address, for a bare /browse link, and
 * the scroll position) lives in atoms of the default store; the result pages themselves stay
 * in the TanStack Query cache.
 */
export interface BrowseSnapshot {
  /** addressKey() of the address. */
  key: string;
  address: BrowseAddress;
}

export const browseSnapshotAtom = atom<BrowseSnapshot | null>(null);
/**
 * Set when a navigation away from /browse begins, cleared when /browse is entered again: a bare
 * /browse address resumes the snapshot only after the user left. The route's `cause` cannot
 * tell: a Browse link clicked while the next page still loads is a "stay" for the router, since
 * /browse is still the page it shows.
 */
export const browseLeftAtom = atom(false);
/** Counts entries into /browse: the scroll is put back on each, even if the page stayed mounted. */
export const browseEntriesAtom = atom(0);
export const browseScrollAtom = atom(0);
