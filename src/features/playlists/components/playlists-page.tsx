import {
  Badge,
  Box,
  Button,
  Flex,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDuration } from '../../../../domain/format';
import { useSession } from '../../../common/session';
import { libraryStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { CoverImage } from '../../../ui/cover-image';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useMyPlaylists } from '../api/get-playlists';
import { NewPlaylistDialog } from './new-playlist-dialog';
import { SmartPlaylistCards } from './smart-playlist-cards';
import { SmartPlaylistEditor } from './smart-playlist-editor';
import { smartStrings } from '../smart-strings';

const t = libraryStrings.playlists;

/** /playlists: the user's playlists as cards opening /playlist/{id}, and "New playlist". */
export function PlaylistsPage() {
  const { data: session } = useSession();
  const playlists = useMyPlaylists();
  const [creating, setCreating] = useState(false);
  const [creatingSmart, setCreatingSmart] = useState(false);
  const navigate = useNavigate();

  return (
    <Box>
      <Flex justify="space-between" align="start" gap="4" wrap="wrap">
        <PageHeading title={t.title} />
        <Flex gap="2" wrap="wrap">
          <Button colorPalette="teal" onClick={() => setCreating(true)}>
            {t.newPlaylist}
          </Button>
          <Button variant="outline" onClick={() => setCreatingSmart(true)}>
            {smartStrings.newSmart}
          </Button>
        </Flex>
      </Flex>
      {playlists.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : playlists.isError ? (
        <LoadError error={playlists.error} />
      ) : playlists.data.length === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" role="list">
          {playlists.data.map((playlist) => {
            const liked = playlist.playlistId === session?.user.likedPlaylist;
            return (
              <ChakraLink
                asChild
                key={playlist.playlistId}
                _hover={{ textDecoration: 'none' }}
                role="listitem"
              >
                <Link to="/playlist/$id" params={{ id: String(playlist.playlistId) }}>
                  <Flex
                    gap="3"
                    p="3"
                    borderWidth="1px"
                    borderRadius="lg"
                    w="full"
                    align="center"
                    data-testid="playlist-card"
                  >
                    <CoverImage hash={playlist.playlistImageHash} size="64px" />
                    <Stack gap="0" minW="0" flex="1">
                      <Text fontWeight="semibold" truncate>
                        {liked ? t.liked : playlist.playlistTitle}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t.tracks(playlist.playlistTrackCount)} ·{' '}
                        {formatDuration(playlist.playlistDuration)}
                      </Text>
                      {playlist.playlistPublic ? (
                        <Badge alignSelf="start" size="sm">
                          {t.public}
                        </Badge>
                      ) : null}
                    </Stack>
                  </Flex>
                </Link>
              </ChakraLink>
            );
          })}
        </SimpleGrid>
      )}
      <SmartPlaylistCards />
      <NewPlaylistDialog open={creating} onClose={() => setCreating(false)} />
      <SmartPlaylistEditor
        open={creatingSmart}
        playlist={null}
        onClose={() => setCreatingSmart(false)}
        onSaved={(id) => void navigate({ to: '/smart-playlist/$id', params: { id: String(id) } })}
      />
    </Box>
  );
}
