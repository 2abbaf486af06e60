import { Box, Button, Flex, Heading } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { strings } from '../../../lib/strings';
import { searchArtistsQuery } from '../api/search-artists';

const t = strings.browsePage;

/**
 * The artists matching the text query, one compact row above the collections, each opening its
 * artist page. Nothing at all while there is no match (or the search failed).
 */
export function ArtistResults({ query }: { query: string }) {
  const { data } = useQuery(searchArtistsQuery(query));
  const artists = data?.artists ?? [];
  if (artists.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="browse-artists" data-testid="artist-results">
      <Heading as="h2" size="sm" mb="2" id="browse-artists">
        {t.artistResults}
      </Heading>
      <Flex gap="2" wrap="wrap" role="list" aria-labelledby="browse-artists">
        {artists.map((artist) => (
          <Box role="listitem" key={artist.artistId}>
            <Button asChild size="xs" variant="outline" borderRadius="full">
              <Link to="/artist/$id" params={{ id: String(artist.artistId) }}>
                {artist.artistName}
              </Link>
            </Button>
          </Box>
        ))}
      </Flex>
    </Box>
  );
}
