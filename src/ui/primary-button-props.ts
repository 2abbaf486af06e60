import type { ButtonProps } from '@chakra-ui/react';

/** Solid teal on teal.700: white text on teal.600 misses AA contrast for small text. */
export const primaryButtonProps: ButtonProps = {
  colorPalette: 'teal',
  bg: 'teal.700',
  color: 'white',
  _hover: { bg: 'teal.800' },
};
