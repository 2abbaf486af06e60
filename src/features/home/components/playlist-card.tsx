import { Box, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { PlaylistSummary } from '../../../../domain/homepage';
import { strings } from '../../../lib/strings';
import { CoverImage } from '../../../ui/cover-image';
import { TILE_WIDTH } from './collection-tile';

/** A playlist card of the home screen: opens /playlist/{playlistId}. */
export function PlaylistCard({ playlist }: { playlist: PlaylistSummary }) {
  return (
    <Box role="listitem" w={TILE_WIDTH} flexShrink={0} data-testid="playlist-card">
      <Link to="/playlist/$id" params={{ id: String(playlist.playlistId) }}>
        <CoverImage hash={playlist.playlistImageHash} size={TILE_WIDTH} />
        <Text pt="1" fontWeight="semibold" fontSize="sm" truncate title={playlist.playlistTitle}>
          {playlist.playlistTitle}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {strings.homePage.tracks(playlist.playlistTrackCount)}
        </Text>
      </Link>
    </Box>
  );
}
