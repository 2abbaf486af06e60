import { Box, HStack, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useMemo, useState, type TouchEvent } from 'react';
import type { Track } from '../../../../domain/track';
import { getPlayerEngine } from '../engine/engine';
import { useMediaQuery } from '../../../lib/use-media-query';
import { FULL_SCREEN_QUERY } from '../hooks/use-narrow';
import { usePlayerShortcuts } from '../hooks/use-player-shortcuts';
import { useTouchStop } from '../hooks/use-touch-stop';
import { useHistoryEntry } from '../hooks/use-history-entry';
import { currentTrackAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { CastButton } from './cast-button';
import { Cover } from './cover';
import { DesktopBar } from './desktop-bar';
import { PLAYER_BAR_HEIGHT_PX, type PlayerUiProps } from './player-bar-props';
import { QueueDialog } from './queue-dialog';
import { DevicesButton } from '../devices/devices-button';
import { ProgressLine } from './seek-bar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { SpeedControl } from './speed-control';
import { BpmText, TrackActions, TrackInfo } from './track-details';
import { PositionText, TransportButtons } from './transport';
import { loadWhenOnline } from '../../../lib/load-when-online';

// Wavesurfer and the big layout load only when someone opens the full-screen player.
const FullScreenPlayer = lazy(() => loadWhenOnline(() => import('./full-screen-player')));

/** The spec's desktop breakpoint (part 1, section 9), the theme's `md`. */
const DESKTOP_QUERY = '(min-width: 1024px)';

/** Below 1024 px: two rows under a thin progress line; on phones it opens the full player. */
function CompactBar({
  track,
  narrow,
  onOpen,
  ...props
}: { track: Track; narrow: boolean; onOpen: () => void } & PlayerUiProps) {
  const info = (
    <HStack gap="3" minW="0" flex="1">
      <Cover track={track} size="44px" />
      <TrackInfo track={track} linkArtists={!narrow} />
    </HStack>
  );
  return (
    <Stack gap="1">
      <ProgressLine />
      <HStack flex="1" minW="0" gap="2">
        {narrow ? (
          // Named by its text with the action first (not aria-label), so the spoken name
          // contains what is seen (WCAG 2.5.3, checked by axe).
          <Box as="button" flex="1" minW="0" cursor="pointer" textAlign="start" onClick={onOpen}>
            <VisuallyHidden>{t.openPlayer}: </VisuallyHidden>
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
          <BpmText track={track} />
        </HStack>
        <HStack gap="1">
          <TransportButtons />
          {/* Phones have no room for it here: their full-screen player holds it. */}
          {narrow ? null : <SpeedControl />}
          <CastButton />
          <DevicesButton signedIn={props.likedPlaylist !== null} />
          <QueueDialog />
        </HStack>
      </HStack>
    </Stack>
  );
}

/** The bar at the bottom while a track is loaded (spec part 1, section 2 "Player"). */
export default function PlayerBar(props: PlayerUiProps) {
  const track = useAtomValue(currentTrackAtom);
  const narrow = useMediaQuery(FULL_SCREEN_QUERY);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [fullScreen, setFullScreen] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  const stop = useCallback(() => getPlayerEngine().stop(), []);
  const openShortcuts = useCallback(() => setShortcuts(true), []);
  const swipe = useTouchStop(stop);
  // React bubbles touches up from the bar's portals too (the queue, the full-screen player):
  // a finger dragging a queue row is not a swipe on the bar, so only the bar's own DOM counts.
  const touch = useMemo(() => {
    const own = (handler: (event: TouchEvent) => void) => (event: TouchEvent<HTMLElement>) => {
      if (event.currentTarget.contains(event.target as Node)) handler(event);
    };
    return {
      onTouchStart: own(swipe.onTouchStart),
      onTouchMove: own(swipe.onTouchMove),
      onTouchEnd: swipe.onTouchEnd,
    };
  }, [swipe]);
  usePlayerShortcuts(openShortcuts);
  const showFullScreen = fullScreen && narrow && track !== null;
  // The system Back button closes the full-screen player (a history entry while it is open).
  const closeFullScreen = useHistoryEntry(showFullScreen, () => setFullScreen(false));
  if (!track) return null;

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
      py={{ base: '2', md: '1' }}
      overflow="hidden"
      h={{ base: `${PLAYER_BAR_HEIGHT_PX.base}px`, md: `${PLAYER_BAR_HEIGHT_PX.md}px` }}
      {...touch}
    >
      {desktop ? (
        <DesktopBar track={track} {...props} />
      ) : (
        <CompactBar track={track} narrow={narrow} onOpen={() => setFullScreen(true)} {...props} />
      )}
      {showFullScreen ? (
        <Suspense fallback={null}>
          <FullScreenPlayer
            track={track}
            onClose={closeFullScreen}
            onLeave={() => setFullScreen(false)}
            {...props}
          />
        </Suspense>
      ) : null}
      <ShortcutsDialog open={shortcuts} onClose={() => setShortcuts(false)} />
    </Box>
  );
}
