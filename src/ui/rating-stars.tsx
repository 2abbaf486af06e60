import { Box, Button, HStack, VisuallyHidden } from '@chakra-ui/react';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ratingForKey } from './rating-keys';

/** A five-pointed star, filled or outlined. */
export const StarIcon = ({ filled, size = '1.25em' }: { filled: boolean; size?: string }) => (
  <svg
    viewBox="0 0 24 24"
    width={size}
    height={size}
    fill={filled ? 'currentColor' : 'none'}
    stroke="currentColor"
    strokeWidth="2"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z" />
  </svg>
);

export interface RatingStarsProps {
  /** 0 (none) to `max`. */
  value: number;
  max?: number;
  onChange: (value: number) => void;
  /** The group's name ("Rating of Tidal"). */
  label: string;
  /** Each star's name ("Rate 3 of 5"). */
  starLabel: (value: number, max: number) => string;
  /** Read after the group's name: how to use it from the keyboard. */
  hint?: string;
  /** A "Clear rating" button shown while there is a rating. */
  clearLabel?: string;
  /** While the rating is not known yet. */
  disabled?: boolean;
}

/**
 * A 1-to-`max` rating as a radio group (WAI-ARIA radio group pattern): one tab stop (the
 * checked star, or the first), arrow keys move and choose, Home/End the ends, digit keys
 * choose directly and 0, Delete or Backspace clear (see ratingForKey). Texts come from the
 * caller.
 */
export function RatingStars({
  value,
  max = 5,
  onChange,
  label,
  starLabel,
  hint,
  clearLabel,
  disabled = false,
}: RatingStarsProps) {
  const stars = useRef<(HTMLSpanElement | null)[]>([]);
  const [hover, setHover] = useState<number | null>(null);
  const hintId = useId();
  // The last choice, shown and built on until `value` changes: the caller's answer to a choice
  // arrives a render or more later, and two quick arrow presses must make two steps, not one.
  // Once `value` has moved the choice is done with (a refusal moving it back must not bring it
  // back), so it is dropped during render, as React allows for state derived from props.
  const [choice, setChoice] = useState<{ value: number; from: number } | null>(null);
  if (choice !== null && choice.from !== value) setChoice(null);
  const current = choice !== null && choice.from === value ? choice.value : value;
  const shown = hover ?? current;

  const choose = (next: number, focus: boolean) => {
    if (disabled) return;
    const clamped = Math.min(Math.max(next, 0), max);
    if (clamped !== current) {
      setChoice({ value: clamped, from: value });
      onChange(clamped);
    }
    // Focus follows the choice; clearing keeps it on the first star (the group's tab stop).
    if (focus) stars.current[Math.max(clamped, 1) - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>, star: number) => {
    const next = ratingForKey(event.key, current, star, max);
    if (next === null) return;
    event.preventDefault();
    choose(next, true);
  };

  return (
    <HStack gap="2" align="center">
      <Box
        role="radiogroup"
        aria-label={label}
        aria-describedby={hint ? hintId : undefined}
        aria-disabled={disabled || undefined}
        display="inline-flex"
        onPointerLeave={() => setHover(null)}
        data-testid="rating-stars"
      >
        {Array.from({ length: max }, (_, index) => {
          const star = index + 1;
          const checked = current === star;
          const tabStop = current > 0 ? checked : star === 1;
          return (
            <Box
              as="span"
              key={star}
              ref={(node: HTMLSpanElement | null) => {
                stars.current[index] = node;
              }}
              role="radio"
              aria-checked={checked}
              aria-label={starLabel(star, max)}
              aria-disabled={disabled || undefined}
              tabIndex={!disabled && tabStop ? 0 : -1}
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              w="8"
              h="8"
              borderRadius="md"
              cursor={disabled ? 'default' : 'pointer'}
              color={star <= shown ? 'orange.fg' : 'fg.muted'}
              opacity={disabled ? 0.5 : 1}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
              onClick={() => choose(star, false)}
              onKeyDown={(event: KeyboardEvent<HTMLSpanElement>) => onKeyDown(event, star)}
              onPointerEnter={(event: PointerEvent) => {
                if (!disabled && event.pointerType === 'mouse') setHover(star);
              }}
            >
              <StarIcon filled={star <= shown} />
            </Box>
          );
        })}
      </Box>
      {hint ? <VisuallyHidden id={hintId}>{hint}</VisuallyHidden> : null}
      {clearLabel && current > 0 && !disabled ? (
        <Button size="xs" variant="ghost" onClick={() => choose(0, false)}>
          {clearLabel}
        </Button>
      ) : null}
    </HStack>
  );
}
