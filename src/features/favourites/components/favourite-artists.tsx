import { Flex, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { Artist } from '../../../../domain/artist';

/** The favourite artists as a wrapping list of links, each opening /artist/{id}. */
export function FavouriteArtists({ artists }: { artists: readonly Artist[] }) {
  return (
    <Flex as="ul" role="list" gap="2" wrap="wrap" listStyleType="none" p="0" m="0">
      {artists.map((artist) => (
        <li key={artist.artistId}>
          <ChakraLink
            asChild
            display="inline-flex"
            alignItems="center"
            minH="10"
            px="4"
            borderWidth="1px"
            borderRadius="full"
            fontWeight="medium"
            _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            data-testid="favourite-artist"
          >
            <Link to="/artist/$id" params={{ id: String(artist.artistId) }}>
              {artist.artistName}
            </Link>
          </ChakraLink>
        </li>
      ))}
    </Flex>
  );
}
