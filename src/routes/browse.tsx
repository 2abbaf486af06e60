import { createFileRoute, redirect } from '@tanstack/react-router';
import { getDefaultStore } from 'jotai';
import { useCallback, useMemo } from 'react';
import { parseBrowseAddress, type BrowseAddress } from '../../domain/browse-address-schema';
import { isEmptySearch } from '../../domain/search-params';
import { requireBrowse, requireConfirmedEmail } from '../app/guards';
import { queryKeys } from '../common/query-keys';
import { BrowsePage } from '../features/browse/components/browse-page';
import { browseEntriesAtom, browseLeftAtom, browseSnapshotAtom } from '../features/browse/state';
import { usePlayerControls } from '../features/player/player-controls';

export const Route = createFileRoute('/browse')({
  // Every query parameter is a filter. The page parses them with the address schema
  // (domain/browse-address-schema.ts) in its own chunk: zod is not on the first load.
  validateSearch: (search: Record<string, unknown>) => search,
  beforeLoad: async (args) => {
    await requireBrowse(args);
    if (args.preload) return;
    const store = getDefaultStore();
    const left = store.get(browseLeftAtom);
    if (args.cause !== 'enter' && !left) return;
    store.set(browseLeftAtom, false);
    store.set(browseEntriesAtom, (entries) => entries + 1);
    // "The e-mail confirmation is checked on entering the screen" (checklist BR-35): the user is
    // read afresh, so a confirmation made in another tab counts, and an unconfirmed address is
    // sent home with the red message like the other e-mail-gated pages.
    await args.context.queryClient.refetchQueries({
      queryKey: queryKeys.session.current(),
      exact: true,
    });
    await requireConfirmedEmail(args);
    // Keep-alive: coming back through a bare /browse link resumes the last search.
    const saved = store.get(browseSnapshotAtom);
    if (isEmptySearch(args.search) && saved && !isEmptySearch(saved.address)) {
      throw redirect({ to: '/browse', search: saved.address, replace: true });
    }
  },
  component: BrowseRoute,
});

function BrowseRoute() {
  const search = Route.useSearch();
  const address = useMemo(() => parseBrowseAddress(search), [search]);
  const navigate = Route.useNavigate();
  const player = usePlayerControls();
  const onExternalSearch = useCallback(
    () => void navigate({ search: (prev) => ({ ...prev, external: 1 }) }),
    [navigate],
  );
  const onAddressChange = useCallback(
    (next: BrowseAddress) => void navigate({ search: next }),
    [navigate],
  );
  return (
    <BrowsePage
      address={address}
      onExternalSearch={onExternalSearch}
      onAddressChange={onAddressChange}
      onPlayCollection={(id) => void player.playCollections([id])}
      onPlayExternal={(track) => player.playTracks([track])}
    />
  );
}
