import {
  Badge,
  Flex,
  Heading,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LoadError } from '../../../ui/load-error';
import { useSmartPlaylists } from '../api/smart-playlists';
import { smartStrings as t } from '../smart-strings';

/** The caller's and public smart playlists on the Playlists screen, marked "Smart". */
export function SmartPlaylistCards() {
  const list = useSmartPlaylists();
  if (list.isPending) return null;
  if (list.isError) return <LoadError error={list.error} />;
  return (
    <Stack gap="3" mt="8">
      <Heading as="h2" size="lg">
        {t.heading}
      </Heading>
      {list.data.length === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" role="list">
          {list.data.map((playlist) => (
            <ChakraLink
              asChild
              key={playlist.smartPlaylistId}
              _hover={{ textDecoration: 'none' }}
              role="listitem"
            >
              <Link to="/smart-playlist/$id" params={{ id: String(playlist.smartPlaylistId) }}>
                <Flex
                  gap="3"
                  p="3"
                  borderWidth="1px"
                  borderRadius="lg"
                  w="full"
                  align="center"
                  data-testid="smart-playlist-card"
                >
                  <Stack gap="1" minW="0" flex="1">
                    <Text fontWeight="semibold" truncate>
                      {playlist.name}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t.rulesSummary(playlist.rules.length, playlist.match)}
                    </Text>
                    <Flex gap="1">
                      <Badge size="sm" colorPalette="purple">
                        {t.smart}
                      </Badge>
                      {playlist.public ? <Badge size="sm">{t.public}</Badge> : null}
                    </Flex>
                  </Stack>
                </Flex>
              </Link>
            </ChakraLink>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
