import { Button, type ButtonProps } from '@chakra-ui/react';
import type { RadioSeed } from '../../../domain/radio';
import { StrokeIcon } from '../../ui/icons';
import { startRadio } from './radio';
import { radioStrings } from './radio-strings';

/** A radio mast: the radio's mark in menus and buttons. */
export const RadioIcon = () => (
  <StrokeIcon width="1.2em" height="1.2em">
    <circle cx="12" cy="10" r="2" />
    <path d="M12 12v9M8.5 6.5a5 5 0 0 0 0 7M15.5 6.5a5 5 0 0 1 0 7M5.6 3.6a9 9 0 0 0 0 12.8M18.4 3.6a9 9 0 0 1 0 12.8" />
  </StrokeIcon>
);

/** "Start radio" for an album, an artist or a genre: replaces the queue and plays. */
export function StartRadioButton({
  seed,
  name,
  ...props
}: { seed: RadioSeed; name: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  return (
    <Button
      variant="outline"
      aria-label={radioStrings.startRadioFrom(name)}
      onClick={() => void startRadio(seed)}
      {...props}
    >
      <RadioIcon /> {radioStrings.startRadio}
    </Button>
  );
}
