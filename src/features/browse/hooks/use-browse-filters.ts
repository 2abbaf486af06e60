import { useRouter } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { filtersToAddress } from '../../../../domain/browse-address';
import {
  addressKey,
  filtersFromAddress,
  type BrowseAddress,
  type BrowseFilters,
} from '../../../../domain/browse-filters';
import { browseLeftAtom, browseSnapshotAtom } from '../state';

/**
 * The filters of the screen, read from the address and written back to it: reload, a shared
 * link and Back restore exactly the same results. A change that leaves the address as it is
 * pushes nothing. The address is also remembered, so a bare /browse link resumes it.
 */
export function useBrowseFilters(
  address: BrowseAddress,
  defaultGenres: readonly string[],
  onAddressChange: (next: BrowseAddress) => void,
) {
  const save = useSetAtom(browseSnapshotAtom);
  const markLeft = useSetAtom(browseLeftAtom);
  const router = useRouter();
  const key = addressKey(address);
  const filters = filtersFromAddress(address, defaultGenres);

  useEffect(() => {
    save((prev) => (prev?.key === key ? prev : { key, address }));
  }, [save, key, address]);

  // Marked as the navigation away begins (from here: the page that follows may never render).
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
        if (fromLocation?.pathname === '/browse' && toLocation.pathname !== '/browse')
          markLeft(true);
      }),
    [router, markLeft],
  );

  const setFilters = (update: (filters: BrowseFilters) => BrowseFilters) => {
    const nextAddress = filtersToAddress(update(filters), address, defaultGenres);
    if (addressKey(nextAddress) !== key) onAddressChange(nextAddress);
  };

  return { filters, setFilters };
}
