import { Box, HStack } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatDuration } from '../../../../domain/format';
import { getPlayerEngine } from '../engine/engine';
import { useBufferedEnd, usePosition } from '../hooks/use-position';
import { SEEK_STEP_SECONDS } from '../shortcuts/shortcut-keys';
import { durationAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { PositionText } from './transport';

const percent = (value: number, total: number) =>
  `${total > 0 ? Math.min(100, Math.max(0, (value / total) * 100)) : 0}%`;

/** The seconds under the pointer, from its place along the bar. */
function secondsAt(event: PointerEvent<HTMLElement>, duration: number): number {
  const box = event.currentTarget.getBoundingClientRect();
  const fraction = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
  return Math.min(1, Math.max(0, fraction)) * duration;
}

/**
 * The desktop bar's seek bar: a slider (click, drag, arrows 5 s, Home/End) over the buffered
 * range. It alone follows the 320 ms clock; while dragging it shows the drag, not the clock.
 */
export function SeekBar() {
  const position = usePosition();
  const buffered = useBufferedEnd();
  const duration = useAtomValue(durationAtom);
  const [dragging, setDragging] = useState<number | null>(null);
  const dragged = useRef(false);
  const shown = dragging ?? Math.min(position, duration || position);

  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    const engine = getPlayerEngine();
    // From the live position: the shown one may be a clock tick (320 ms) behind.
    const now = dragging ?? engine.position;
    const steps: Record<string, number> = {
      ArrowLeft: now - SEEK_STEP_SECONDS,
      ArrowDown: now - SEEK_STEP_SECONDS,
      ArrowRight: now + SEEK_STEP_SECONDS,
      ArrowUp: now + SEEK_STEP_SECONDS,
      PageDown: now - duration / 10,
      PageUp: now + duration / 10,
      Home: 0,
      End: duration,
    };
    const target = steps[event.key];
    if (target === undefined || event.ctrlKey || event.metaKey || event.altKey) return;
    // The page's own arrow shortcuts must not seek a second time.
    event.preventDefault();
    event.stopPropagation();
    engine.seek(target);
  };

  return (
    <HStack gap="3" w="full">
      <Box
        role="slider"
        tabIndex={0}
        aria-label={t.seek}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={t.seekValue(formatDuration(shown), formatDuration(duration))}
        data-testid="seek-bar"
        flex="1"
        h="16px"
        position="relative"
        cursor="pointer"
        touchAction="none"
        borderRadius="full"
        focusRing="outside"
        colorPalette="brand"
        onKeyDown={keyDown}
        onPointerDown={(event) => {
          if (duration <= 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          dragged.current = true;
          setDragging(secondsAt(event, duration));
        }}
        onPointerMove={(event) => {
          if (dragged.current) setDragging(secondsAt(event, duration));
        }}
        onPointerUp={(event) => {
          if (!dragged.current) return;
          dragged.current = false;
          getPlayerEngine().seek(secondsAt(event, duration));
          setDragging(null);
        }}
        onPointerCancel={() => {
          dragged.current = false;
          setDragging(null);
        }}
      >
        <Box
          position="absolute"
          insetX="0"
          top="6px"
          h="4px"
          borderRadius="full"
          bg="bg.emphasized"
        >
          <Box
            data-testid="seek-buffered"
            position="absolute"
            insetY="0"
            left="0"
            w={percent(buffered, duration)}
            borderRadius="full"
            bg="fg.subtle"
            opacity="0.5"
          />
          <Box
            position="absolute"
            insetY="0"
            left="0"
            w={percent(shown, duration)}
            borderRadius="full"
            bg="colorPalette.solid"
          />
        </Box>
        <Box
          position="absolute"
          top="2px"
          left={`calc(${percent(shown, duration)} - 6px)`}
          boxSize="12px"
          borderRadius="full"
          bg="colorPalette.solid"
          pointerEvents="none"
        />
      </Box>
      <PositionText />
    </HStack>
  );
}

/** The phone bar's thin progress line along its top edge (display only: the bar is a swipe area). */
export function ProgressLine() {
  const position = usePosition();
  const duration = useAtomValue(durationAtom);
  return (
    <Box
      aria-hidden="true"
      data-testid="progress-line"
      position="absolute"
      top="0"
      insetX="0"
      h="2px"
      bg="bg.emphasized"
      colorPalette="brand"
    >
      <Box h="full" w={percent(position, duration)} bg="colorPalette.solid" />
    </Box>
  );
}
