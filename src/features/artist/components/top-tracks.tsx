import {
  Badge,
  Box,
  Flex,
  Heading,
  IconButton,
  Link as ChakraLink,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ArtistTrack } from '../../../../domain/artist';
import { TrackRatingMenu } from '../../../common/annotations/track-rating-menu';
import { formatDuration } from '../../../../domain/format';
import type { Track } from '../../../../domain/track';
import { useIsNowPlaying } from '../../../lib/now-playing';
import { libraryStrings } from '../../../lib/strings';
import { PlayIcon } from '../../../ui/action-icons';
import { NowPlayingMark } from '../../../ui/now-playing-mark';

const t = libraryStrings.artist;

/** The artist's most played tracks: play from any of them, title, collection, duration, rating. */
export function TopTracks({
  top,
  tracks,
  onPlay,
}: {
  /** The server's rows, for the collection each track is from. */
  top: readonly ArtistTrack[];
  /** The same rows as player tracks (rows without audio left out). */
  tracks: readonly Track[];
  onPlay: (index: number) => void;
}) {
  const rows = top.flatMap(({ collection, entry }) => {
    const index = tracks.findIndex((track) => track.fileId === entry.file.fileId);
    return entry.audio && index >= 0 ? [{ collection, audio: entry.audio, index }] : [];
  });
  return (
    <Box as="section" aria-labelledby="artist-top-tracks">
      <Heading as="h2" size="lg" mb="2" id="artist-top-tracks">
        {t.topTracks}
      </Heading>
      <Box role="list">
        {rows.map(({ collection, audio, index }) => {
          const track = tracks[index] as Track;
          return (
            <TopTrackRow
              key={`${track.fileId}-${index}`}
              track={track}
              collectionId={collection.collectionId}
              collectionName={collection.collectionName}
              duration={audio.audioDuration}
              onPlay={() => onPlay(index)}
            />
          );
        })}
      </Box>
    </Box>
  );
}

function TopTrackRow({
  track,
  collectionId,
  collectionName,
  duration,
  onPlay,
}: {
  track: Track;
  collectionId: number;
  collectionName: string;
  duration: number;
  onPlay: () => void;
}) {
  const current = useIsNowPlaying(track.fileId);
  return (
    <Flex
      role="listitem"
      h="60px"
      align="center"
      gap="2"
      px="2"
      borderBottomWidth="1px"
      bg={current ? 'colorPalette.subtle' : undefined}
      colorPalette="brand"
      aria-current={current ? 'true' : undefined}
      data-testid="artist-top-track"
    >
      <IconButton aria-label={t.play(track.title)} size="sm" variant="ghost" onClick={onPlay}>
        <PlayIcon />
      </IconButton>
      <Stack gap="0" flex="1" minW="0">
        <Flex align="center" gap="2" minW="0">
          {current ? <NowPlayingMark label={t.nowPlaying} /> : null}
          <Text truncate fontWeight="medium" title={track.title}>
            {track.title}
          </Text>
        </Flex>
        <Text truncate fontSize="sm" color="fg.muted">
          <ChakraLink asChild color="inherit" display="inline">
            <Link to="/audio-collection/$id" params={{ id: String(collectionId), collectionId }}>
              {collectionName}
            </Link>
          </ChakraLink>
        </Text>
      </Stack>
      {track.isPreview ? (
        <Badge size="sm" colorPalette="orange">
          {t.preview}
        </Badge>
      ) : null}
      <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums" flexShrink={0}>
        {formatDuration(duration)}
      </Text>
      {track.fileId === undefined ? null : (
        <TrackRatingMenu fileId={track.fileId} title={track.title} />
      )}
    </Flex>
  );
}
