import { createFileRoute, redirect } from '@tanstack/react-router';
import { getDefaultStore } from 'jotai';
import { useCallback } from 'react';
import { isEmptyAddress, type BrowseAddress } from '../../domain/browse-filters';
import { optionalTextList } from '../../domain/browse-address';
import { optionalInt, optionalText } from '../../domain/search-params';
import { requireBrowse, requireConfirmedEmail } from '../app/guards';
import { queryKeys } from '../common/query-keys';
import { BrowsePage } from '../features/browse/components/browse-page';
import { browseSnapshotAtom } from '../features/browse/state';
import { usePlayerControls } from '../features/player/player-controls';

interface BrowseSearch {
  query?: string;
  external?: number;
  artist?: string;
  label?: string;
  genre?: string;
  releaseDate?: string;
  tag?: string;
  genres?: string[];
  artists?: string[];
  labels?: string[];
  tags?: string[];
  from?: string;
  to?: string;
  bpm?: string;
}

/** Every query parameter is a filter; the header search writes `query`. */
function validateSearch(search: Record<string, unknown>): BrowseSearch {
  return {
    query: optionalText(search.query),
    // A number: the router would write the string "1" as %221%22 (JSON-quoted).
    external: optionalInt(search.external),
    artist: optionalText(search.artist),
    label: optionalText(search.label),
    genre: optionalText(search.genre),
    releaseDate: optionalText(search.releaseDate),
    tag: optionalText(search.tag),
    genres: optionalTextList(search.genres),
    artists: optionalTextList(search.artists),
    labels: optionalTextList(search.labels),
    tags: optionalTextList(search.tags),
    from: optionalText(search.from),
    to: optionalText(search.to),
    bpm: optionalText(search.bpm),
  };
}

export const Route = createFileRoute('/browse')({
  validateSearch,
  beforeLoad: async (args) => {
    await requireBrowse(args);
    if (args.cause !== 'enter' || args.preload) return;
    // "The e-mail confirmation is checked on entering the screen" (checklist BR-35): the user is
    // read afresh, so a confirmation made in another tab counts, and an unconfirmed address is
    // sent home with the red message like the other e-mail-gated pages.
    await args.context.queryClient.refetchQueries({
      queryKey: queryKeys.session.current(),
      exact: true,
    });
    await requireConfirmedEmail(args);
    // Keep-alive: coming back through a bare /browse link resumes the last search.
    const saved = getDefaultStore().get(browseSnapshotAtom);
    if (isEmptyAddress(toAddress(args.search)) && saved && !isEmptyAddress(saved.address)) {
      throw redirect({ to: '/browse', search: toSearch(saved.address), replace: true });
    }
  },
  component: BrowseRoute,
});

function toAddress({ external, ...rest }: BrowseSearch): BrowseAddress {
  return { ...rest, external: external === 1 ? '1' : undefined };
}

function toSearch({ external, ...rest }: BrowseAddress): BrowseSearch {
  return { ...rest, external: external === '1' ? 1 : undefined };
}

function BrowseRoute() {
  const address = toAddress(Route.useSearch());
  const navigate = Route.useNavigate();
  const player = usePlayerControls();
  const onExternalSearch = useCallback(
    () => void navigate({ search: (prev) => ({ ...prev, external: 1 }) }),
    [navigate],
  );
  const onAddressChange = useCallback(
    (next: BrowseAddress) => void navigate({ search: toSearch(next) }),
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
