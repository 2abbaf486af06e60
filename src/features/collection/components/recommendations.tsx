import { Box, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { libraryStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { CoverImage } from '../../../ui/cover-image';
import { LoadError } from '../../../ui/load-error';
import { useRecommendations } from '../api/get-recommendations';

const t = libraryStrings.collection;

/** Five similar collections, each opening /audio-collection/{id}. */
export function Recommendations({ collectionId }: { collectionId: number }) {
  const query = useRecommendations(collectionId);
  return (
    <Box as="section" aria-labelledby="collection-recommendations">
      <Heading as="h2" size="lg" mb="3" id="collection-recommendations">
        {t.recommendations}
      </Heading>
      {query.isPending ? (
        <CenteredSpinner label={t.recommendations} />
      ) : query.isError ? (
        <LoadError error={query.error} />
      ) : query.data.length === 0 ? (
        <Text color="fg.muted">{t.noRecommendations}</Text>
      ) : (
        <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="4" data-testid="recommendations">
          {query.data.map((item) => (
            <ChakraLink
              asChild
              key={item.collectionId}
              display="block"
              _hover={{ textDecoration: 'none' }}
            >
              <Link
                to="/audio-collection/$id"
                params={{ id: String(item.collectionId), collectionId: item.collectionId }}
              >
                <Stack gap="1" minW="0">
                  <CoverImage hash={item.collectionImageHash} size="100%" />
                  <Text truncate fontWeight="medium">
                    {item.collectionName}
                  </Text>
                  <Text truncate fontSize="sm" color="fg.muted">
                    {item.audioArtists.join(', ')}
                  </Text>
                </Stack>
              </Link>
            </ChakraLink>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
