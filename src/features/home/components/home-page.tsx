import { Button, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import type { Bookmark } from '../../../../domain/bookmarks';
import type { Collection } from '../../../../domain/collection';
import { visibleTopPlaylists } from '../../../../domain/home-playlists';
import type { PlaylistSummary } from '../../../../domain/homepage';
import { usePublicSettings, useSession } from '../../../common/session';
import { strings } from '../../../lib/strings';
import { HorizontalRow } from '../../../ui/horizontal-row';
import { PageDrawn } from '../../../ui/page-drawn';
import { PageHeading } from '../../../ui/page-heading';
import { useHomepage } from '../api/get-homepage';
import { TILES_IN_FIRST_VIEW } from '../first-view';
import { CollectionTile } from './collection-tile';
import { HomeSkeleton } from './home-skeleton';
import { PlaylistCard } from './playlist-card';

const t = strings.homePage;

// Issue 49's row stays out of home's first load (scripts/client-budget.ts).
const ContinueListening = lazy(() => import('./continue-listening'));

export interface HomePageProps {
  onPlayCollection(collectionId: number): void;
  /** The 64 px tile menu (download, add to playlist); the route omits it when streaming-only. */
  renderTileMenu?: (collection: Collection) => ReactNode;
  /** Resumes a long track or an episode at its bookmark; the "Continue listening" row. */
  onResume?: (bookmark: Bookmark) => void;
}

/** Home (/): greeting, a row per homepage tag, playlists, and the top collections. */
export function HomePage({ onPlayCollection, renderTileMenu, onResume }: HomePageProps) {
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  const home = useHomepage();
  // The rows render in a transition, in slices, not in the store update that brings the data.
  const data = useDeferredValue(home.data);

  const tiles = (collections: Collection[], firstRow = false) =>
    collections.map((collection, index) => (
      <CollectionTile
        key={collection.collectionId}
        collection={collection}
        onPlay={onPlayCollection}
        menu={renderTileMenu?.(collection)}
        priority={firstRow && index < TILES_IN_FIRST_VIEW}
      />
    ));
  const playlistRow = (title: string, playlists: PlaylistSummary[], testId: string) =>
    playlists.length > 0 ? (
      <HorizontalRow title={title} testId={testId}>
        {playlists.map((p) => (
          <PlaylistCard key={p.playlistId} playlist={p} />
        ))}
      </HorizontalRow>
    ) : null;

  let body: ReactNode;
  if (home.isError) {
    // Failures are swallowed (spec part 1, section 8): a quiet line, no red toast.
    body = (
      <Stack gap="2" align="start" data-testid="home-error">
        <Text color="fg.muted">{t.failed}</Text>
        <Button size="sm" variant="outline" onClick={() => void home.refetch()}>
          {t.retry}
        </Button>
      </Stack>
    );
  } else if (!data) {
    body = <HomeSkeleton />;
  } else {
    const topPlaylists = visibleTopPlaylists(
      data.playlistsTop,
      session?.user.userExtra.genres ?? [],
      settings?.audioGenres ?? [],
    );
    const empty =
      data.collectionsTags.every((row) => row.collections.length === 0) &&
      data.collectionsTop.length === 0;
    body = (
      <Stack gap="8">
        {onResume ? (
          <Suspense fallback={null}>
            <ContinueListening onResume={onResume} />
          </Suspense>
        ) : null}
        {empty ? <Text color="fg.muted">{t.empty}</Text> : null}
        {data.collectionsTags
          .filter((row) => row.collections.length > 0)
          .map((row, rowIndex) => (
            <HorizontalRow
              key={row.tag}
              title={row.tag}
              testId="tag-row"
              action={
                <Button asChild size="xs" variant="ghost" flexShrink={0}>
                  <Link to="/browse" search={{ tag: row.tag }}>
                    {t.showMore}
                  </Link>
                </Button>
              }
            >
              {tiles(row.collections, rowIndex === 0)}
            </HorizontalRow>
          ))}
        {playlistRow(t.editorPlaylists, data.playlistsEditor, 'editor-playlists')}
        {playlistRow(t.randomPlaylists, data.playlistsRandom, 'random-playlists')}
        {playlistRow(t.topPlaylists, topPlaylists, 'top-playlists')}
        {playlistRow(t.specialPlaylists, data.playlistsSpecial, 'special-playlists')}
        {data.collectionsTop.length > 0 ? (
          <HorizontalRow title={t.topCollections} testId="top-collections" wrap>
            {tiles(data.collectionsTop)}
          </HorizontalRow>
        ) : null}
      </Stack>
    );
  }

  return (
    <>
      <PageHeading title={strings.home.welcome(session?.user.userName ?? '')} />
      {data || home.isError ? <PageDrawn /> : null}
      {body}
    </>
  );
}
