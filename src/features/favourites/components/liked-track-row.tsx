import { Badge, Flex, IconButton, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { formatDuration } from '../../../../domain/format';
import type { PlaylistEntry } from '../../../../domain/playlist';
import { TrackRatingMenu } from '../../../common/annotations/track-rating-menu';
import { ArtistLinks } from '../../../common/artists/artist-links';
import { useFilePlayback } from '../../../lib/now-playing';
import { annotationStrings } from '../../../lib/strings/annotations';
import { HeartIcon, PauseIcon, PlayIcon } from '../../../ui/action-icons';
import { NowPlayingMark } from '../../../ui/now-playing-mark';

const t = annotationStrings.page;

/**
 * One liked track at a fixed height: play or pause, title, artists, album link, duration,
 * the heart (taking it away removes the track from this list once the server has it) and
 * the rating.
 */
export function LikedTrackRow({
  entry,
  liked,
  onPlay,
  onPause,
  onResume,
  onToggleLike,
}: {
  entry: PlaylistEntry;
  liked: boolean;
  onPlay: () => void;
  onPause: () => void;
  onResume: () => void;
  onToggleLike: () => void;
}) {
  const { audio, file } = entry;
  const title = audio.audioTitle;
  const playback = useFilePlayback(file.fileId);
  const current = playback !== null;
  return (
    <Flex
      h="full"
      align="center"
      gap={{ base: '1', sm: '2' }}
      px={{ base: '0', sm: '2' }}
      borderBottomWidth="1px"
      bg={current ? 'colorPalette.subtle' : undefined}
      colorPalette="brand"
      aria-current={current ? 'true' : undefined}
      data-testid="favourite-track"
    >
      <IconButton
        aria-label={playback === 'playing' ? t.pause(title) : t.play(title)}
        size="sm"
        variant="ghost"
        flexShrink={0}
        onClick={playback === 'playing' ? onPause : playback === 'paused' ? onResume : onPlay}
      >
        {playback === 'playing' ? <PauseIcon /> : <PlayIcon />}
      </IconButton>
      <Stack gap="0" flex="1" minW="0">
        <Flex align="center" gap="2" minW="0">
          {current ? <NowPlayingMark label={t.nowPlaying} paused={playback === 'paused'} /> : null}
          <Text truncate fontWeight="medium" title={title}>
            {title}
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
        <Badge size="sm" colorPalette="orange" display={{ base: 'none', sm: 'inline-flex' }}>
          {t.preview}
        </Badge>
      )}
      <Text
        fontSize="sm"
        color="fg.muted"
        fontVariantNumeric="tabular-nums"
        flexShrink={0}
        display={{ base: 'none', sm: 'block' }}
      >
        {formatDuration(audio.audioDuration)}
      </Text>
      <IconButton
        aria-label={liked ? t.unlike(title) : t.like(title)}
        aria-pressed={liked}
        size="sm"
        variant="ghost"
        colorPalette={liked ? 'red' : 'gray'}
        flexShrink={0}
        onClick={onToggleLike}
      >
        <HeartIcon filled={liked} />
      </IconButton>
      <TrackRatingMenu fileId={file.fileId} title={title} />
    </Flex>
  );
}
