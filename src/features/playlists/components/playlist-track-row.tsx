import { Badge, Flex, IconButton, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { TrackRatingMenu } from '../../../common/annotations/track-rating-menu';
import { ArtistLinks } from '../../../common/artists/artist-links';
import type { PlaylistEntry } from '../../../../domain/playlist';
import { formatDuration } from '../../../../domain/format';
import { useFilePlayback } from '../../../lib/now-playing';
import { libraryStrings } from '../../../lib/strings';
import { DragHandleIcon, PauseIcon, PlayIcon, TrashIcon } from '../../../ui/action-icons';
import { NowPlayingMark } from '../../../ui/now-playing-mark';
import type { ReorderHandleProps } from '../../../ui/use-reorder';

const t = libraryStrings.playlists;

/**
 * One playlist entry at a fixed height: (move handle,) play or pause, title, artists, collection
 * link, duration, rating, remove. The current track's button pauses, and then resumes where it paused.
 */
export function PlaylistTrackRow({
  entry,
  onPlay,
  onPause,
  onResume,
  onRemove,
  handle,
}: {
  entry: PlaylistEntry;
  onPlay: () => void;
  onPause: () => void;
  onResume: () => void;
  onRemove?: () => void;
  handle?: ReorderHandleProps;
}) {
  const { audio } = entry;
  const playback = useFilePlayback(entry.file.fileId);
  const current = playback !== null;
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
      {handle ? (
        <IconButton aria-label={t.move(audio.audioTitle)} size="sm" variant="ghost" {...handle}>
          <DragHandleIcon />
        </IconButton>
      ) : null}
      {playback === 'playing' ? (
        <IconButton
          aria-label={t.pauseTrack(audio.audioTitle)}
          size="sm"
          variant="ghost"
          onClick={onPause}
        >
          <PauseIcon />
        </IconButton>
      ) : (
        <IconButton
          aria-label={t.playTrack(audio.audioTitle)}
          size="sm"
          variant="ghost"
          onClick={playback === 'paused' ? onResume : onPlay}
        >
          <PlayIcon />
        </IconButton>
      )}
      <Stack gap="0" flex="1" minW="0">
        <Flex align="center" gap="2" minW="0">
          {current ? <NowPlayingMark label={t.nowPlaying} paused={playback === 'paused'} /> : null}
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
      <TrackRatingMenu fileId={entry.file.fileId} title={audio.audioTitle} />
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
