import { atom } from 'jotai';
import type { BrowseAddress, BrowseFilters } from '../../../domain/browse-filters';

/**
 * Keep-alive for /browse: the screen unmounts when the user opens a collection, so what must
 * survive (filters, the address they came from, the scroll position) lives in atoms of the
 * default store; the result pages themselves stay in the TanStack Query cache.
 */
export interface BrowseSnapshot {
  /** addressKey() of the address these filters were built for. */
  key: string;
  address: BrowseAddress;
  filters: BrowseFilters;
}

export const browseSnapshotAtom = atom<BrowseSnapshot | null>(null);
export const browseScrollAtom = atom(0);
