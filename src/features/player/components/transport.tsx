import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { formatDuration } from '../../../../domain/format';
import { getPlayerEngine } from '../engine/engine';
import { usePosition } from '../hooks/use-position';
import {
  durationAtom,
  hasNextAtom,
  hasPreviousAtom,
  pausedAtom,
  repeatAtom,
} from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon, RepeatIcon } from './player-icons';

/** Previous (disabled at the first item), play/pause, next (disabled at the last item). */
export function TransportButtons({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const paused = useAtomValue(pausedAtom);
  const hasPrevious = useAtomValue(hasPreviousAtom);
  const hasNext = useAtomValue(hasNextAtom);
  const engine = getPlayerEngine();
  return (
    <HStack gap="1">
      <IconButton
        aria-label={t.previous}
        variant="ghost"
        size={size}
        disabled={!hasPrevious}
        onClick={() => engine.previous()}
      >
        <PreviousIcon />
      </IconButton>
      <IconButton
        aria-label={paused ? t.play : t.pause}
        size={size}
        rounded="full"
        onClick={() => engine.toggle()}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
      </IconButton>
      <IconButton
        aria-label={t.next}
        variant="ghost"
        size={size}
        disabled={!hasNext}
        onClick={() => engine.next()}
      >
        <NextIcon />
      </IconButton>
    </HStack>
  );
}

/** "m:ss / m:ss"; re-renders on the 320 ms clock, alone. */
export function PositionText() {
  const position = usePosition();
  const duration = useAtomValue(durationAtom);
  return (
    <Text
      textStyle="xs"
      color="fg.muted"
      fontVariantNumeric="tabular-nums"
      whiteSpace="nowrap"
      data-testid="player-position"
    >
      {formatDuration(position)} / {formatDuration(duration)}
    </Text>
  );
}

/** Cycles none, single, queue, none; the accessible name says the current mode. */
export function RepeatButton({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const repeat = useAtomValue(repeatAtom);
  return (
    <IconButton
      aria-label={t.repeat(repeat)}
      size={size}
      variant={repeat === 'none' ? 'ghost' : 'subtle'}
      colorPalette={repeat === 'none' ? 'gray' : 'brand'}
      onClick={() => getPlayerEngine().toggleRepeat()}
      position="relative"
    >
      <RepeatIcon />
      {repeat === 'single' ? (
        <Text as="span" position="absolute" fontSize="2xs" bottom="0" right="1">
          1
        </Text>
      ) : null}
    </IconButton>
  );
}

/** Native range: min 0, max 1, step 0.01 (spec part 1, section 9). */
export function VolumeSlider({ volume }: { volume: number }) {
  return (
    <input
      type="range"
      aria-label={t.volume}
      min={0}
      max={1}
      step={0.01}
      value={volume}
      // Grey and short, beside the speaker: never mistaken for the brand-coloured seek bar.
      style={{ width: 80, accentColor: 'var(--chakra-colors-fg-muted)' }}
      onChange={(event) => getPlayerEngine().setVolume(Number(event.currentTarget.value))}
    />
  );
}
