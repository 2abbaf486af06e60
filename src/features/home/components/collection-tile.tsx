import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Collection } from '../../../../domain/collection';
import { collectionPath } from '../../../../domain/slug';
import { strings } from '../../../lib/strings';
import { CoverImage } from '../../../ui/cover-image';
import { PlayIcon } from '../../../ui/media-icons';

/** Spec part 1, section 9: home preview tiles are 140 px wide. */
export const TILE_WIDTH = '140px';

/** The /collection/{id}-{slug} segment, so the collection page need not rewrite the address. */
function collectionSegment(collection: Collection): string {
  return collectionPath(collection.collectionId, collection.collectionName).replace(
    /^\/collection\//,
    '',
  );
}

export function CollectionTile({
  collection,
  onPlay,
  menu,
}: {
  collection: Collection;
  onPlay: (collectionId: number) => void;
  menu?: ReactNode;
}) {
  const artists = collection.audioArtists.join(', ');
  return (
    <Stack role="listitem" w={TILE_WIDTH} flexShrink={0} gap="1" data-testid="collection-tile">
      <Link
        to="/collection/$id"
        params={{ id: collectionSegment(collection), collectionId: collection.collectionId }}
        style={{ borderRadius: '6px' }}
      >
        <CoverImage hash={collection.collectionImageHash} size={TILE_WIDTH} />
        <Box pt="1">
          <Text fontWeight="semibold" fontSize="sm" truncate title={collection.collectionName}>
            {collection.collectionName}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate title={artists}>
            {artists || '\u00a0'}
          </Text>
        </Box>
      </Link>
      <HStack gap="1" justify="space-between">
        <IconButton
          size="sm"
          variant="subtle"
          aria-label={strings.homePage.play(collection.collectionName)}
          onClick={() => onPlay(collection.collectionId)}
        >
          <PlayIcon />
        </IconButton>
        {menu}
      </HStack>
    </Stack>
  );
}
