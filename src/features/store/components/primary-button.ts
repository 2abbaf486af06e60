import type { ButtonProps } from '@chakra-ui/react';

/**
 * Solid teal buttons of the store: teal.600 behind white text is 3.7:1, under the 4.5:1 that
 * small text needs (axe color-contrast), so the store's solid buttons take teal.700 (5.5:1).
 */
export const primaryButton: ButtonProps = {
  colorPalette: 'teal',
  bg: 'teal.700',
  color: 'white',
  _hover: { bg: 'teal.800' },
};
