import { Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { canLoadMore, categoryTags, type BrowseAddress } from '../../../../domain/browse-filters';
import type { ExternalTrack } from '../../../../domain/external';
import { externalPreviewTrack } from '../../../../domain/external-preview';
import type { Track } from '../../../../domain/track';
import { useLibraries } from '../../../common/libraries/get-libraries';
import { usePublicSettings, useSession } from '../../../common/session';
import { notify } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { PullIndicator } from '../../../ui/pull-indicator';
import { usePullToRefresh } from '../../../ui/use-pull-to-refresh';
import { loadedCount, searchCollectionsQuery } from '../api/search-collections';
import { useBrowseFilters } from '../hooks/use-browse-filters';
import { useDeleteMode } from '../hooks/use-delete-mode';
import { useExternalDownload } from '../hooks/use-external-download';
import { useKeepScroll } from '../hooks/use-keep-scroll';
import { ArtistResults } from './artist-results';
import { BrowseResults } from './browse-results';
import { DeleteDialog } from './delete-dialog';
import { DeleteToolbar } from './delete-toolbar';
import { DownloadReadyDialog } from './download-ready-dialog';
import { ExternalResults } from './external-results';
import { FilterBar } from './filter-bar';
import { queryKeys } from '../../../common/query-keys';

const t = strings.browsePage;
const NO_GENRES: string[] = [];

export interface BrowsePageProps {
  /** The filters the address carries (parsed by the route). */
  address: BrowseAddress;
  /** Sets external=1 in the address (the search box now also searches external sources). */
  onExternalSearch: () => void;
  /** A filter changed: the route pushes the new address (one history entry per change). */
  onAddressChange: (address: BrowseAddress) => void;
  onPlayCollection(collectionId: number): void;
  onPlayExternal(track: Track): void;
}

/** Browse (/browse): search and filter the library, search external sources, bulk delete. */
export function BrowsePage({
  address,
  onExternalSearch,
  onAddressChange,
  onPlayCollection,
  onPlayExternal,
}: BrowsePageProps) {
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  const libraries = useLibraries();
  const queryClient = useQueryClient();
  const { filters, setFilters } = useBrowseFilters(
    address,
    session?.user.userExtra.genres ?? NO_GENRES,
    onAddressChange,
  );

  const results = useInfiniteQuery({
    ...searchCollectionsQuery(filters),
    // A new filter keeps the old results (and their artist/label options) until it answers.
    placeholderData: keepPreviousData,
  });
  const collections = useMemo(
    () => results.data?.pages.flatMap((page) => page.data) ?? [],
    [results.data],
  );
  const loaded = loadedCount(results.data);
  const firstPage = results.data?.pages[0];
  useKeepScroll(results.isSuccess);

  const ids = useMemo(() => collections.map((c) => c.collectionId), [collections]);
  const deletion = useDeleteMode(ids);
  const download = useExternalDownload(settings?.defaultServer ?? 0);

  const refresh = useCallback(
    () => queryClient.resetQueries({ queryKey: queryKeys.browse.searches() }),
    [queryClient],
  );
  const pull = usePullToRefresh(refresh);

  const external = address.external === 1 && Boolean(address.query?.trim());
  const searchExternal = () => {
    if (!address.query?.trim()) notify(strings.externalSearch.needQuery);
    else onExternalSearch();
  };
  const playExternal = useCallback(
    (track: ExternalTrack) => onPlayExternal(externalPreviewTrack(track)),
    [onPlayExternal],
  );

  return (
    <Stack gap="4">
      <PullIndicator state={pull.state} distance={pull.distance} />
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="3" minW="0">
          <Heading as="h1" size="2xl">
            {t.title}
          </Heading>
          {results.isFetching && !results.isFetchingNextPage ? <Spinner size="sm" /> : null}
        </HStack>
        <Button size="sm" variant="outline" onClick={searchExternal}>
          {strings.externalSearch.button}
        </Button>
      </Flex>
      {filters.query ? (
        <Text color="fg.muted" truncate>
          {t.searchingFor(filters.query)}
        </Text>
      ) : null}
      <FilterBar
        filters={filters}
        onChange={setFilters}
        options={{
          genres: settings?.audioGenres ?? [],
          artists: firstPage?.artists ?? [],
          labels: firstPage?.labels ?? [],
          tags: categoryTags(
            settings?.collectionTags ?? [],
            session?.role.roleBlacklistedTags ?? [],
          ),
          libraries: libraries.data?.libraries ?? [],
        }}
      />
      {filters.query ? <ArtistResults query={filters.query} /> : null}
      {session?.user.isAdmin ? (
        <DeleteToolbar
          enabled={deletion.enabled}
          onEnabledChange={deletion.setEnabled}
          total={collections.length}
          selectedCount={deletion.selected.size}
          onSelectAll={deletion.selectAll}
          onUnselectAll={deletion.unselectAll}
          onDelete={deletion.ask}
        />
      ) : null}
      {external && address.query ? (
        <ExternalResults
          query={address.query.trim()}
          phases={download.phases}
          onPreview={playExternal}
          onQueue={(track) => void download.queue(track)}
        />
      ) : null}
      {results.isSuccess ? (
        // Busy while another filter's results are on their way: the count shown is the last one's.
        <Text
          fontSize="sm"
          color="fg.muted"
          data-testid="result-count"
          aria-busy={results.isFetching && !results.isFetchingNextPage}
        >
          {t.resultCount(loaded)}
        </Text>
      ) : null}
      <BrowseResults
        collections={collections}
        status={results.status}
        canLoadMore={canLoadMore(loaded) && results.hasNextPage}
        loadingMore={results.isFetchingNextPage}
        onLoadMore={() => void results.fetchNextPage()}
        onRetry={() => void results.refetch()}
        onPlay={onPlayCollection}
        selectable={deletion.enabled}
        selected={deletion.selected}
        onToggle={deletion.toggle}
      />
      <DeleteDialog
        phase={deletion.phase}
        count={deletion.selected.size}
        onConfirm={deletion.confirm}
        onClose={deletion.close}
      />
      <DownloadReadyDialog finished={download.finished} onClose={download.dismiss} />
    </Stack>
  );
}
