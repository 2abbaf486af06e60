import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import type { Collection } from '../../../../domain/collection';
import type { Track } from '../../../../domain/track';
import { FavouriteButton } from '../../../common/annotations/favourite-button';
import { RatingControl } from '../../../common/annotations/rating-control';
import { StartRadioButton } from '../../../common/playback/start-radio-button';
import { useSession } from '../../../common/session';
import { ApiError } from '../../../lib/api-client';
import { libraryStrings } from '../../../lib/strings';
import { PlayIcon } from '../../../ui/action-icons';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { CollectionArtistLinks } from '../../../common/artists/artist-links';
import { CollectionTile } from '../../../ui/collection-tile';
import { HorizontalRow } from '../../../ui/horizontal-row';
import { StrokeIcon } from '../../../ui/icons';
import { LoadError } from '../../../ui/load-error';
import { PageDrawn } from '../../../ui/page-drawn';
import { useArtist } from '../api/get-artist';
import { artistTracks, shuffled } from '../artist-tracks';
import { TopTracks } from './top-tracks';

const t = libraryStrings.artist;

const ShuffleIcon = () => (
  <StrokeIcon width="1.2em" height="1.2em">
    <path d="M3 7h3.5c2 0 3.2 1 4.3 2.7l2.4 4.6C14.3 16 15.5 17 17.5 17H21M3 17h3.5c1.3 0 2.2-.4 3-1.2M14.5 8.2c.8-.8 1.7-1.2 3-1.2H21M18 4l3 3-3 3M18 14l3 3-3 3" />
  </StrokeIcon>
);

export interface ArtistPageProps {
  artistId: number;
  onPlayTracks: (tracks: Track[], startIndex: number) => void;
  onPlayCollection: (collectionId: number) => void;
  /** A tile's menu (download, add to playlist), composed in by the route. */
  renderTileMenu?: (collection: Collection) => ReactNode;
}

/** /artist/{id}: an artist's name, top tracks (play all, shuffle) and collections. */
export function ArtistPage({
  artistId,
  onPlayTracks,
  onPlayCollection,
  renderTileMenu,
}: ArtistPageProps) {
  const query = useArtist(artistId);
  const { data: session } = useSession();
  const role = session?.role ?? null;
  const tracks = useMemo(
    () => (query.data ? artistTracks(query.data.topTracks, role) : []),
    [query.data, role],
  );
  const loading = <CenteredSpinner label={t.loading} />;
  return useDeferredValue(content(), loading);

  function content(): ReactNode {
    // Offline and never fetched: the query waits for the network, so say so instead of spinning.
    if (query.isPending && query.fetchStatus === 'paused')
      return (
        <Stack gap="3" align="start" data-testid="artist-offline">
          <Text fontWeight="semibold">{t.offlineTitle}</Text>
          <Text color="fg.muted">{t.offlineBody}</Text>
        </Stack>
      );
    if (query.isError) {
      if (query.error instanceof ApiError && query.error.status === 404)
        return (
          <Stack gap="3" align="start" data-testid="artist-not-found">
            <PageDrawn />
            <Heading as="h1" size="2xl">
              {t.notFoundTitle}
            </Heading>
            <Text color="fg.muted">{t.notFoundBody}</Text>
            <Button asChild size="sm" variant="outline">
              <Link to="/browse">{t.browse}</Link>
            </Button>
          </Stack>
        );
      return (
        <>
          <PageDrawn />
          <LoadError error={query.error} />
        </>
      );
    }
    if (!query.data) return loading;

    const { artist, collections, topTracks } = query.data;
    const sortName =
      artist.artistSortName && artist.artistSortName !== artist.artistName
        ? artist.artistSortName
        : null;
    const empty = collections.length === 0 && tracks.length === 0;
    return (
      <Stack gap="8">
        <PageDrawn />
        <Stack gap="3">
          <Stack gap="0">
            <Heading as="h1" size="2xl" wordBreak="break-word">
              {artist.artistName}
            </Heading>
            {sortName ? (
              <Text fontSize="sm" color="fg.muted">
                {t.sortName(sortName)}
              </Text>
            ) : null}
          </Stack>
          <Flex gap="3" wrap="wrap">
            {tracks.length > 0 ? (
              <>
                <Button colorPalette="teal" onClick={() => onPlayTracks(tracks, 0)}>
                  <PlayIcon /> {t.playAll}
                </Button>
                <Button
                  variant="outline"
                  colorPalette="teal"
                  onClick={() => onPlayTracks(shuffled(tracks), 0)}
                >
                  <ShuffleIcon /> {t.shuffle}
                </Button>
              </>
            ) : null}
            {tracks.length > 0 ? (
              <StartRadioButton
                seed={{ kind: 'artist', id: artist.artistId }}
                name={artist.artistName}
                colorPalette="teal"
              />
            ) : null}
            <FavouriteButton change={{ kind: 'artist', item: artist }} />
          </Flex>
          <RatingControl kind="artist" id={artist.artistId} name={artist.artistName} />
        </Stack>
        {empty ? (
          <Text color="fg.muted" data-testid="artist-empty">
            {t.empty}
          </Text>
        ) : null}
        {tracks.length > 0 ? (
          <TopTracks
            top={topTracks}
            tracks={tracks}
            onPlay={(index) => onPlayTracks(tracks, index)}
          />
        ) : null}
        {collections.length > 0 ? (
          <HorizontalRow title={t.collections} testId="artist-collections" wrap>
            {collections.map((collection) => (
              <CollectionTile
                key={collection.collectionId}
                collection={collection}
                onPlay={onPlayCollection}
                playLabel={t.playCollection(collection.collectionName)}
                menu={renderTileMenu?.(collection)}
                artists={<CollectionArtistLinks collection={collection} />}
              />
            ))}
          </HorizontalRow>
        ) : null}
      </Stack>
    );
  }
}
