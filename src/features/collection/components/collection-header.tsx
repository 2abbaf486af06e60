import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Collection } from '../../../../domain/collection';
import { releaseDateOf } from '../../../../domain/collection-page';
import { formatDuration, formatLocalDate, formatMoney } from '../../../../domain/format';
import { FavouriteButton } from '../../../common/annotations/favourite-button';
import { StartRadioButton } from '../../../common/playback/start-radio-button';
import { RatingControl } from '../../../common/annotations/rating-control';
import { ArtistLinks } from '../../../common/artists/artist-links';
import { libraryStrings } from '../../../lib/strings';
import { useCollectionPlayback } from '../../../lib/now-playing';
import { PauseIcon, PlayIcon } from '../../../ui/action-icons';
import { COLLECTION_COVER_SIZES } from '../../../../domain/image-path';
import { CoverImage } from '../../../ui/cover-image';
import { SaveOfflineButton, type SaveOfflineStatus } from '../../../ui/save-offline-button';
import { LinkList } from './link-list';

const t = libraryStrings.collection;

/** Spec part 1, section 9: ten artists before "show more". */
const ARTISTS_SHOWN = 10;

/** Cover, name and every fact of the collection, each fact linking to a filtered browse. */
export function CollectionHeader({
  collection,
  unlocked,
  canPlay,
  onPlayAll,
  onPause,
  onResume,
  onBuy,
  onSaveOffline,
  saveOfflineStatus,
  shareAction,
}: {
  collection: Collection;
  unlocked: boolean;
  canPlay: boolean;
  onPlayAll: () => void;
  onPause: () => void;
  onResume: () => void;
  /** Present when the collection is priced and not unlocked. */
  onBuy?: () => void;
  /** Present when the route offers saving for offline (also in streaming-only mode). */
  onSaveOffline?: () => void;
  saveOfflineStatus?: SaveOfflineStatus;
  /** "Share" (from the share feature, through the route). */
  shareAction?: ReactNode;
}) {
  const price = collection.collectionPrice;
  const releaseDate = releaseDateOf(collection);
  // While this collection is the one playing, Play pauses it and then resumes where it was.
  const playback = useCollectionPlayback(collection.collectionId);
  return (
    <Flex gap={{ base: '4', md: '6' }} direction={{ base: 'column', sm: 'row' }}>
      <CoverImage
        hash={collection.collectionImageHash}
        alt={collection.collectionName}
        size={{ base: '100%', sm: '220px' }}
        thumb={false}
        sizes={COLLECTION_COVER_SIZES}
        priority
      />
      <Stack gap="2" minW="0" flex="1">
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {collection.collectionName}
        </Heading>
        {/* The album artists, each opening their artist page (older answers carry none). */}
        {collection.collectionArtists?.length ? (
          <Text fontSize="lg" color="fg.muted" data-testid="collection-artists">
            <ArtistLinks
              refs={collection.collectionArtists}
              names={collection.collectionArtists.map((artist) => artist.artistName)}
            />
          </Text>
        ) : null}
        <LinkList
          label={t.artists}
          values={collection.audioArtists}
          param="artist"
          limit={ARTISTS_SHOWN}
        />
        <LinkList label={t.genres} values={collection.audioGenres} param="genre" />
        <LinkList label={t.tags} values={collection.collectionTags} param="tag" />
        <LinkList
          label={t.label}
          values={collection.audioLabel ? [collection.audioLabel] : []}
          param="label"
        />
        <LinkList label={t.releaseDate} values={[releaseDate]} param="releaseDate" />
        <Fact label={t.duration} value={formatDuration(collection.audioDuration)} />
        <Fact label={t.uploaded} value={formatLocalDate(collection.collectionAdded)} />
        <Fact label={t.price} value={price ? formatMoney(price) : t.free} />
        {collection.collectionDescription ? (
          <Text whiteSpace="pre-wrap">{collection.collectionDescription}</Text>
        ) : null}
        <Flex gap="3" wrap="wrap" mt="2" align="center">
          {playback === 'playing' ? (
            <Button colorPalette="teal" onClick={onPause}>
              <PauseIcon /> {t.pauseAll}
            </Button>
          ) : (
            <Button
              colorPalette="teal"
              onClick={playback === 'paused' ? onResume : onPlayAll}
              disabled={!canPlay}
            >
              <PlayIcon /> {t.playAll}
            </Button>
          )}
          {onBuy && price ? (
            <Button variant="outline" colorPalette="teal" onClick={onBuy}>
              {t.buy(formatMoney(price))}
            </Button>
          ) : null}
          {onSaveOffline ? (
            <SaveOfflineButton
              onSave={onSaveOffline}
              status={saveOfflineStatus}
              disabled={!canPlay}
            />
          ) : null}
          {canPlay ? (
            <StartRadioButton
              seed={{ kind: 'collection', id: collection.collectionId }}
              name={collection.collectionName}
              colorPalette="teal"
            />
          ) : null}
          {shareAction}
          <FavouriteButton change={{ kind: 'collection', item: collection }} />
          {price && unlocked ? <Badge colorPalette="green">{t.unlocked}</Badge> : null}
        </Flex>
        <RatingControl
          kind="collection"
          id={collection.collectionId}
          name={collection.collectionName}
        />
      </Stack>
    </Flex>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Flex gap="2" align="baseline">
      <Text color="fg.muted" fontSize="sm" minW="24">
        {label}
      </Text>
      <Text>{value}</Text>
    </Flex>
  );
}
