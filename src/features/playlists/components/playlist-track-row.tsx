import { Badge, Flex, IconButton, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ArtistLinks } from '../../../common/artists/artist-links';
import type { PlaylistEntry } from '../../../../domain/playlist';
import { formatDuration } from '../../../../domain/format';
import { useIsNowPlaying } from '../../../lib/now-playing';
import { libraryStrings } from '../../../lib/strings';
import { PlayIcon, TrashIcon } from '../../../ui/action-icons';
import { NowPlayingMark } from '../../../ui/now-playing-mark';

const t = libraryStrings.playlists;

/** One playlist entry at a fixed height: play, title, artists, collection link, duration, remove. */
export function PlaylistTrackRow({
  entry,
  onPlay,
  onRemove,
}: {
  entry: PlaylistEntry;
  onPlay: () => void;
  onRemove?: () => void;
}) {
  const { audio } = entry;
  const current = useIsNowPlaying(entry.file.fileId);
  return (
    <Flex
      h="full"
      align="center"
      gap="2"
      px="2"
      borderBottomWidth="1px"
      bg={current ? 'colorPalette.subtle' : undefined}
      colorPalette="brand"
      aria-current={current ? 'true' : undefined}
      data-testid="playlist-track"
    >
      <IconButton
        aria-label={t.playTrack(audio.audioTitle)}
        size="sm"
        variant="ghost"
        onClick={onPlay}
      >
        <PlayIcon />
      </IconButton>
      <Stack gap="0" flex="1" minW="0">
        <Flex align="center" gap="2" minW="0">
          {current ? <NowPlayingMark label={t.nowPlaying} /> : null}
          <Text truncate fontWeight="medium">
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
      {entry.playableInFull ? null : (
        <Badge size="sm" colorPalette="orange">
          {t.preview}
        </Badge>
      )}
      <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
        {formatDuration(audio.audioDuration)}
      </Text>
      {onRemove ? (
        <IconButton
          aria-label={t.remove(audio.audioTitle)}
          size="sm"
          variant="ghost"
          onClick={onRemove}
        >
          <TrashIcon />
        </IconButton>
      ) : null}
    </Flex>
  );
}
