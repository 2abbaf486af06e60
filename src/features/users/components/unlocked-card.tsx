import { HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { Collection } from '../../../../domain/collection';
import { CoverImage } from '../../../ui/cover-image';

/** One unlocked collection: cover, name and artists, opening /collection/{id}. */
export function UnlockedCard({ collection }: { collection: Collection }) {
  return (
    <Link
      to="/collection/$id"
      params={{ id: String(collection.collectionId), collectionId: collection.collectionId }}
      data-testid="unlocked-card"
    >
      <HStack gap="3" p="2" borderWidth="1px" borderRadius="lg" bg="bg.panel" minW="0" h="full">
        <CoverImage hash={collection.collectionImageHash} size="64px" />
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" truncate title={collection.collectionName}>
            {collection.collectionName}
          </Text>
          <Text fontSize="sm" color="fg.muted" truncate>
            {collection.audioArtists.join(', ')}
          </Text>
        </Stack>
      </HStack>
    </Link>
  );
}
