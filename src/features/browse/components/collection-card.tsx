import { Badge, Box, Checkbox, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { Collection } from '../../../../domain/collection';
import { formatDate, formatDuration, formatMoney } from '../../../../domain/format';
import { CollectionArtistLinks } from '../../../common/artists/artist-links';
import { strings } from '../../../lib/strings';
import { CoverImage } from '../../../ui/cover-image';
import { PlayIcon } from '../../../ui/media-icons';

const t = strings.browsePage;
const stretchedLink = {
  '& .card-link::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
  '& .card-link:focus-visible': { outline: 'none' },
  '&:has(.card-link:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'colorPalette.focusRing',
  },
} as const;
const aboveCardLink = { position: 'relative', zIndex: 1 } as const;
/** Every card has this height, so the result list can be windowed by rows. */
export const CARD_HEIGHT = 96;
export const CARD_MIN_WIDTH = 320;

interface Props {
  collection: Collection;
  onPlay: (collectionId: number) => void;
  /** Delete mode: a checkbox instead of nothing. */
  selectable: boolean;
  selected: boolean;
  onToggle: (collectionId: number) => void;
}

/** A search result: opens /audio-collection/{id}; play queues the whole collection. */
export const CollectionCard = memo(function CollectionCard({
  collection,
  onPlay,
  selectable,
  selected,
  onToggle,
}: Props) {
  const name = collection.collectionName;
  const released = collection.audioReleaseDate ?? formatDate(collection.collectionAdded);
  const meta = [
    released,
    collection.audioGenres.join(', '),
    formatDuration(collection.audioDuration),
  ]
    .filter(Boolean)
    .join(' \u00b7 ');
  return (
    <HStack
      h={`${CARD_HEIGHT}px`}
      gap="3"
      px="2"
      borderWidth="1px"
      borderRadius="lg"
      bg={selected ? 'bg.emphasized' : 'bg.panel'}
      data-testid="collection-card"
      data-collection-id={collection.collectionId}
      minW="0"
      position="relative"
      css={stretchedLink}
    >
      {selectable ? (
        <Checkbox.Root
          css={aboveCardLink}
          checked={selected}
          onCheckedChange={() => onToggle(collection.collectionId)}
          aria-label={t.select(name)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ) : null}
      <CoverImage hash={collection.collectionImageHash} size="80px" />
      <Stack gap="0" minW="0" flex="1">
        {/* One tab stop opens the collection, yet the whole card is its target (the link's
            ::after covers the card); the artist links and buttons sit above that layer. */}
        <Link
          to="/audio-collection/$id"
          params={{ id: String(collection.collectionId), collectionId: collection.collectionId }}
          className="card-link"
        >
          <Text fontWeight="semibold" truncate title={name}>
            {name}
          </Text>
        </Link>
        <Text fontSize="sm" color="fg.muted" truncate css={aboveCardLink}>
          <CollectionArtistLinks collection={collection} />
        </Text>
        <Text fontSize="xs" color="fg.subtle" truncate>
          {meta}
        </Text>
      </Stack>
      <Stack gap="1" align="end" flexShrink={0} css={aboveCardLink}>
        <IconButton
          size="sm"
          variant="subtle"
          aria-label={t.play(name)}
          onClick={() => onPlay(collection.collectionId)}
        >
          <PlayIcon />
        </IconButton>
        <Box h="5">
          {collection.collectionPrice ? (
            <Badge size="sm" colorPalette="teal">
              {formatMoney(collection.collectionPrice)}
            </Badge>
          ) : null}
        </Box>
      </Stack>
    </HStack>
  );
});
