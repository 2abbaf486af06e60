import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import {
  addressKey,
  applyAddressChange,
  filtersFromAddress,
  type BrowseAddress,
  type BrowseFilters,
} from '../../../../domain/browse-filters';
import { browseSnapshotAtom, type BrowseSnapshot } from '../state';

/**
 * The filters of the screen. A return visit with the same address gets the saved filters
 * back (keep-alive); a different address is re-applied on top of them, also while the screen
 * stays open (header search, links, back button).
 */
export function useBrowseFilters(address: BrowseAddress, defaultGenres: readonly string[]) {
  const saved = useAtomValue(browseSnapshotAtom);
  const save = useSetAtom(browseSnapshotAtom);
  const key = addressKey(address);
  const [state, setState] = useState<BrowseSnapshot>(() =>
    saved && saved.key === key
      ? saved
      : { key, address, filters: filtersFromAddress(address, defaultGenres) },
  );

  let current = state;
  if (state.key !== key) {
    // Adjusting state while rendering (React's documented pattern) avoids a stale frame.
    current = {
      key,
      address,
      filters: applyAddressChange(state.filters, state.address, address, defaultGenres),
    };
    setState(current);
  }

  useEffect(() => {
    save(state);
  }, [save, state]);

  const setFilters = (update: (filters: BrowseFilters) => BrowseFilters) =>
    setState((prev) => ({ ...prev, filters: update(prev.filters) }));

  return { filters: current.filters, setFilters };
}
