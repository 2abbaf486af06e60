import { Box, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Collection } from '../../domain/collection';
import { collectionPath } from '../../domain/slug';
import { CoverImage } from './cover-image';
import { PlayIcon } from './media-icons';

/** Spec part 1, section 9: home preview tiles are 140 px wide. */
export const TILE_WIDTH = '140px';

/** The /collection/{id}-{slug} segment, so the collection page need not rewrite the address. */
function collectionSegment(collection: Collection): string {
  return collectionPath(collection.collectionId, collection.collectionName).replace(
    /^\/collection\//,
    '',
  );
}

/**
 * The controls over the cover appear while the tile is hovered or holds the focus, so Tab
 * reaches and shows them; on touch screens (no hover) they are always shown.
 */
const overlayCss = {
  opacity: 0,
  transition: 'opacity 0.15s',
  '[data-tile]:hover &, [data-tile]:focus-within &': { opacity: 1 },
  '@media (hover: none)': { opacity: 1 },
} as const;

/**
 * A collection as a 140 px tile (cover, name, artists) opening its page, with a play button
 * over the cover and an optional menu; a list item, so its parent is a list. Home's rows and
 * the artist page's collections use it.
 */
export function CollectionTile({
  collection,
  onPlay,
  playLabel,
  menu,
  artists,
  priority = false,
}: {
  collection: Collection;
  /** The artists line, e.g. each name a link to its artist page; the plain names otherwise. */
  artists?: ReactNode;
  onPlay: (collectionId: number) => void;
  /** The play button's name ("Play {name}"). */
  playLabel: string;
  menu?: ReactNode;
  /** For the tiles the page opens with in view: their covers are fetched at once. */
  priority?: boolean;
}) {
  const names = collection.audioArtists.join(', ');
  return (
    <Stack
      role="listitem"
      w={TILE_WIDTH}
      flexShrink={0}
      gap="1"
      position="relative"
      data-tile=""
      data-testid="collection-tile"
    >
      {/* The cover and name open the collection; the artists line below holds its own links. */}
      <Link
        to="/collection/$id"
        params={{ id: collectionSegment(collection), collectionId: collection.collectionId }}
        style={{ borderRadius: '6px' }}
        data-testid="tile-link"
      >
        <CoverImage hash={collection.collectionImageHash} size={TILE_WIDTH} priority={priority} />
        <Box pt="1">
          <Text fontWeight="semibold" fontSize="sm" truncate title={collection.collectionName}>
            {collection.collectionName}
          </Text>
        </Box>
      </Link>
      {/* After the link in the DOM, placed over the cover. */}
      <IconButton
        position="absolute"
        left="2"
        bottom={`calc(100% - ${TILE_WIDTH} + 8px)`}
        size="md"
        borderRadius="full"
        colorPalette="brand"
        variant="solid"
        shadow="md"
        aria-label={playLabel}
        data-testid="tile-play"
        css={overlayCss}
        onClick={() => onPlay(collection.collectionId)}
      >
        <PlayIcon />
      </IconButton>
      {menu ? (
        <Box position="absolute" top="2" right="2" css={overlayCss}>
          {menu}
        </Box>
      ) : null}
      {/* In the flow under the name; last in the DOM so Tab goes open, play, menu, artists. */}
      <Text fontSize="xs" color="fg.muted" truncate title={names}>
        {artists ?? (names || '\u00a0')}
      </Text>
    </Stack>
  );
}
