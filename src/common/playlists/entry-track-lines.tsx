import { Badge, Flex, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { formatDuration } from '../../../domain/format';
import type { PlaylistEntry } from '../../../domain/playlist';
import { ArtistLinks } from '../artists/artist-links';
import { NowPlayingMark } from '../../ui/now-playing-mark';

/**
 * A playlist entry's words in a track row: title (with the now-playing mark), artists and a
 * link to its collection. Shared by the playlist page and the favourites page, whose entries
 * are the same shape (likes are the liked playlist).
 */
export function EntryTrackLines({
  entry,
  playback,
  nowPlayingLabel,
}: {
  entry: PlaylistEntry;
  playback: 'playing' | 'paused' | null;
  nowPlayingLabel: string;
}) {
  const { audio } = entry;
  return (
    <Stack gap="0" flex="1" minW="0">
      <Flex align="center" gap="2" minW="0">
        {playback !== null ? (
          <NowPlayingMark label={nowPlayingLabel} paused={playback === 'paused'} />
        ) : null}
        <Text truncate fontWeight="medium" title={audio.audioTitle}>
          {audio.audioTitle}
        </Text>
      </Flex>
      <Text truncate fontSize="sm" color="fg.muted">
        <ArtistLinks refs={audio.audioArtistRefs} names={audio.audioArtists} /> ·{' '}
        <ChakraLink asChild>
          <Link
            to="/audio-collection/$id"
            params={{ id: String(entry.collectionId), collectionId: entry.collectionId }}
          >
            {entry.collectionName}
          </Link>
        </ChakraLink>
      </Text>
    </Stack>
  );
}

/** The preview badge (when only a preview may play) and the duration, hidden on a phone. */
export function EntryTrackFacts({
  entry,
  previewLabel,
}: {
  entry: PlaylistEntry;
  previewLabel: string;
}) {
  return (
    <>
      {entry.playableInFull ? null : (
        <Badge size="sm" colorPalette="orange" display={{ base: 'none', sm: 'inline-flex' }}>
          {previewLabel}
        </Badge>
      )}
      <Text
        fontSize="sm"
        color="fg.muted"
        fontVariantNumeric="tabular-nums"
        flexShrink={0}
        display={{ base: 'none', sm: 'block' }}
      >
        {formatDuration(entry.audio.audioDuration)}
      </Text>
    </>
  );
}
