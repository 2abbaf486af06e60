/**
 * The spec's breakpoints (part 1, section 9) in CSS pixels: the theme's (src/app/theme.ts) and
 * the media conditions of a cover's `sizes` (cover-image.tsx) read this one list.
 */
export const BREAKPOINT_PX = {
  sm: 600,
  md: 1024,
  lg: 1440,
  xl: 1920,
  '2xl': 2560,
} as const;
