import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { Track } from '../../../../domain/track';
import { useFavourites } from '../../../common/annotations/favourites';
import { CollectionArtistLinks } from '../../../common/artists/artist-links';
import { likedIdsQuery } from '../../../common/likes/liked-ids';
import { useToggleLike } from '../../../common/likes/use-toggle-like';
import { entryTracks } from '../../../common/playlists/entry-tracks';
import { annotationStrings } from '../../../lib/strings/annotations';
import { PlayIcon } from '../../../ui/action-icons';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { CollectionTile } from '../../../ui/collection-tile';
import { LoadError } from '../../../ui/load-error';
import { PageDrawn } from '../../../ui/page-drawn';
import { PageHeading } from '../../../ui/page-heading';
import { FavouriteArtists } from './favourite-artists';
import { FavouritesSection } from './favourites-section';
import { LikedTracks } from './liked-tracks';

const t = annotationStrings.page;
/** Outside the component, so the set is made once per answer, not once per render. */
const toSet = (ids: readonly number[]): ReadonlySet<number> => new Set(ids);

export interface FavouritesPageProps {
  /** The player's controls, composed in by the route. */
  onPlayTracks: (tracks: Track[], startIndex: number) => void;
  onPause: () => void;
  onResume: () => void;
  onPlayCollection: (collectionId: number) => void;
}

/**
 * /favourites: the liked tracks (played as a list, like a playlist), the favourite albums and
 * the favourite artists, each with its empty state.
 */
export function FavouritesPage({
  onPlayTracks,
  onPause,
  onResume,
  onPlayCollection,
}: FavouritesPageProps) {
  const query = useFavourites();
  const likedIds = useQuery({ ...likedIdsQuery(), select: toSet }).data ?? null;
  const toggleLike = useToggleLike();
  const tracks = useMemo(() => (query.data ? entryTracks(query.data.tracks) : []), [query.data]);

  return (
    <Box>
      <PageHeading title={t.title} />
      <Stack gap="8">{content()}</Stack>
    </Box>
  );

  function content(): ReactNode {
    // Offline and never fetched: the query waits for the network, so say so instead of spinning.
    if (query.isPending && query.fetchStatus === 'paused')
      return (
        <Stack gap="2" data-testid="favourites-offline">
          <Text fontWeight="semibold">{t.offlineTitle}</Text>
          <Text color="fg.muted">{t.offlineBody}</Text>
        </Stack>
      );
    if (query.isPending) return <CenteredSpinner label={t.loading} />;
    if (query.isError)
      return (
        <>
          <PageDrawn />
          <LoadError error={query.error} />
        </>
      );
    const { collections, artists } = query.data;
    return (
      <>
        <PageDrawn />
        <FavouritesSection
          title={t.tracks}
          testId="favourite-tracks"
          empty={tracks.length === 0}
          emptyText={t.noTracks}
          action={
            <Flex align="center" gap="3">
              <Button size="sm" colorPalette="teal" onClick={() => onPlayTracks(tracks, 0)}>
                <PlayIcon /> {t.playAll}
              </Button>
              <Text fontSize="sm" color="fg.muted">
                {t.trackCount(tracks.length)}
              </Text>
            </Flex>
          }
        >
          <LikedTracks
            entries={query.data.tracks}
            likedIds={likedIds}
            onPlay={(index) => onPlayTracks(tracks, index)}
            onPause={onPause}
            onResume={onResume}
            onToggleLike={(fileId, liked) => toggleLike.mutate({ fileId, liked })}
          />
        </FavouritesSection>
        <FavouritesSection
          title={t.albums}
          testId="favourite-albums"
          empty={collections.length === 0}
          emptyText={t.noAlbums}
        >
          <Flex gap="3" wrap="wrap" role="list">
            {collections.map((collection) => (
              <CollectionTile
                key={collection.collectionId}
                collection={collection}
                onPlay={onPlayCollection}
                playLabel={t.playAlbum(collection.collectionName)}
                artists={<CollectionArtistLinks collection={collection} />}
              />
            ))}
          </Flex>
        </FavouritesSection>
        <FavouritesSection
          title={t.artists}
          testId="favourite-artists"
          empty={artists.length === 0}
          emptyText={t.noArtists}
        >
          <FavouriteArtists artists={artists} />
        </FavouritesSection>
      </>
    );
  }
}
