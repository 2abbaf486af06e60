import { NativeSelect } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { SPEED_CHOICES } from '../../../../domain/long-listening';
import { getPlayerEngine } from '../engine/engine';
import { longListeningStrings as t } from '../long-listening-strings';
import { speedAppliesAtom, speedAtom } from '../state/long-listening-atoms';

/**
 * The speed of episodes and long tracks, 0.5x to 3x (issue 49), remembered on this device.
 * Not shown for music, which always plays at 1x. A native select: the keyboard, screen
 * readers and phones know it without help, and it stays as small as the bar needs.
 */
export function SpeedControl() {
  const applies = useAtomValue(speedAppliesAtom);
  const speed = useAtomValue(speedAtom);
  if (!applies) return null;
  return (
    <NativeSelect.Root size="xs" width="auto" flexShrink={0}>
      <NativeSelect.Field
        aria-label={t.speed}
        title={t.speed}
        value={String(speed)}
        onChange={(event) => getPlayerEngine().setSpeed(Number(event.currentTarget.value))}
        data-testid="speed-control"
      >
        {SPEED_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t.speedChoice(choice)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
