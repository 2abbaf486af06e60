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
export const browseScrollAtom = atom(0);
