import { Box, Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useState } from 'react';
import { formatMoney } from '../../../../domain/format';
import type { Track } from '../../../../domain/track';
import { getPlayerEngine } from '../engine/player-engine';
import { FULL_SCREEN_QUERY, useMediaQuery } from '../hooks/use-narrow';
import { useTouchStop } from '../hooks/use-touch-stop';
import { currentTrackAtom, volumeAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { Cover } from './cover';
import { LikeButton } from './like-button';
import type { PlayerUiProps } from './player-bar-props';
import { PlaylistAddIcon } from './player-icons';
import { QueueDialog } from './queue-dialog';
import { PositionText, TransportButtons, VolumeSlider } from './transport';

// Wavesurfer and the big layout load only when someone opens the full-screen player.
const FullScreenPlayer = lazy(() => import('./full-screen-player'));

function TrackInfo({ track }: { track: Track }) {
  return (
    <Box minW="0" textAlign="start">
      <Text truncate fontWeight="semibold" data-testid="player-title">
        {track.title}
      </Text>
      {/* Artists and label share a line so the bar stays 64 px high on wide screens. */}
      <Text truncate textStyle="sm" color="fg.muted">
        <span data-testid="player-artists">{track.artists.join(', ')}</span>
        {track.label ? <span data-testid="player-label"> · {track.label}</span> : null}
      </Text>
    </Box>
  );
}

/** Shared by the bar and the full-screen player: price, add to playlist and like. */
export function TrackActions({
  track,
  likedPlaylist,
  onAddToPlaylist,
}: { track: Track } & PlayerUiProps) {
  return (
    <HStack gap="1">
      {track.isPreview && track.price !== null && track.collectionId !== undefined ? (
        <Button asChild size="xs" colorPalette="brand" variant="subtle">
          <Link
            to="/audio-collection/$id"
            params={{ id: String(track.collectionId), collectionId: track.collectionId }}
            aria-label={t.buy(formatMoney(track.price))}
          >
            {formatMoney(track.price)}
          </Link>
        </Button>
      ) : null}
      {track.fileId !== undefined && onAddToPlaylist ? (
        <IconButton
          aria-label={t.addToPlaylist}
          variant="ghost"
          onClick={() => onAddToPlaylist(track.fileId as number)}
        >
          <PlaylistAddIcon />
        </IconButton>
      ) : null}
      {track.fileId !== undefined && likedPlaylist !== null ? (
        <LikeButton fileId={track.fileId} likedPlaylist={likedPlaylist} />
      ) : null}
    </HStack>
  );
}

/** The bar at the bottom while a track is loaded (spec part 1, section 2 "Player"). */
export default function PlayerBar(props: PlayerUiProps) {
  const track = useAtomValue(currentTrackAtom);
  const volume = useAtomValue(volumeAtom);
  const narrow = useMediaQuery(FULL_SCREEN_QUERY);
  const [fullScreen, setFullScreen] = useState(false);
  const stop = useCallback(() => getPlayerEngine().stop(), []);
  const touch = useTouchStop(stop);
  if (!track) return null;

  const info = (
    <HStack gap="3" minW="0" flex="1">
      <Cover track={track} size="44px" />
      <TrackInfo track={track} />
    </HStack>
  );
  return (
    <Box
      as="section"
      aria-label="Player"
      data-testid="player-bar"
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      bg="bg.panel"
      borderTopWidth="1px"
      px="3"
      py="2"
      overflow="hidden"
      h={{ base: '128px', md: '64px' }}
      {...touch}
    >
      <Flex
        direction={{ base: 'column', md: 'row' }}
        gap={{ base: '1', md: '4' }}
        align={{ md: 'center' }}
      >
        <HStack flex="1" minW="0" gap="2">
          {narrow ? (
            <Box
              as="button"
              aria-label={t.openPlayer}
              flex="1"
              minW="0"
              cursor="pointer"
              onClick={() => setFullScreen(true)}
            >
              {info}
            </Box>
          ) : (
            info
          )}
          <TrackActions track={track} {...props} />
        </HStack>
        <HStack justify="space-between" gap="3">
          <HStack gap="2">
            <PositionText />
            {track.bpm !== null ? (
              <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap" data-testid="player-bpm">
                {t.bpm(Math.round(track.bpm))}
              </Text>
            ) : null}
          </HStack>
          <HStack gap="1">
            {narrow ? null : <VolumeSlider volume={volume} />}
            <TransportButtons />
            <QueueDialog />
          </HStack>
        </HStack>
      </Flex>
      {fullScreen && narrow ? (
        <Suspense fallback={null}>
          <FullScreenPlayer track={track} onClose={() => setFullScreen(false)} {...props} />
        </Suspense>
      ) : null}
    </Box>
  );
}
