import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { BREAKPOINT_PX } from '../ui/breakpoints';

/** Palettes the app never names; each one costs the start-up ~20 tokens to build. */
const UNUSED_PALETTES = new Set(['cyan', 'pink']);
const withoutUnusedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

/**
 * Chakra's global styles without the 44 custom properties its `*` rule gives every element
 * (the defaults of its `ring`, `filter="auto"` and `backdropFilter="auto"` utilities, which the
 * app never uses): an element that sets custom properties keeps its own copy of them, and
 * without them the style pass of the collection page's first full render fell from 45-54 ms to
 * 31-32 ms (4x CPU slowdown, ~560 elements; decision 0074). The three `--global-*` values the
 * reset reads are set once on `html` and inherited; nothing overrides them. Using one of those
 * utilities would need its defaults back, on that element only.
 */
const ELEMENT_VARIABLES_KEPT = new Set([
  '--global-font-mono',
  '--global-font-body',
  '--global-color-border',
]);
const everyElement = (globalCss['*'] ?? {}) as Record<string, unknown>;
const appGlobalCss: typeof globalCss = {
  ...globalCss,
  '*': Object.fromEntries(
    Object.entries(everyElement).filter(([key]) => !key.startsWith('--')),
  ) as (typeof globalCss)[string],
  html: {
    ...(globalCss.html as Record<string, unknown>),
    ...Object.fromEntries(
      Object.entries(everyElement).filter(([key]) => ELEMENT_VARIABLES_KEPT.has(key)),
    ),
  } as (typeof globalCss)[string],
};

/**
 * Chakra's default theme without its recipes: the ones the app uses are registered by
 * `theme-recipes.ts`, which loads beside the first page instead of in the first download
 * (Providers waits for it before rendering anything styled).
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: appGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: {
      ...semanticTokens,
      colors: withoutUnusedPalettes(semanticTokens.colors ?? {}),
    },
    textStyles,
    layerStyles,
    animationStyles,
    // Filled in by theme-recipes.ts; the objects must exist for it to fill them.
    recipes: {},
    slotRecipes: {},
  },
});

/**
 * Our additions. Colour mode is our own: `index.html` puts `dark` or `light` on <html> before
 * the first paint, and Chakra's `_dark` condition (`.dark &`) follows that class.
 * Breakpoints are the spec's (part 1, section 9): sm 600, md 1024, lg 1440, xl 1920.
 */
const appTheme = defineConfig({
  theme: {
    breakpoints: Object.fromEntries(
      Object.entries(BREAKPOINT_PX).map(([name, px]) => [name, `${px}px`]),
    ),
    tokens: {
      sizes: {
        drawer: { value: '200px' },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's teal.600 under white text is 3.7:1, short of WCAG AA (4.5:1) for the
        // button labels; teal.700 is 7.4:1 in both modes.
        teal: {
          solid: { value: '{colors.teal.700}' },
        },
        // Chakra's fg.subtle (gray.400 on white, gray.500 on #111) is under 4.5:1 for the small
        // meta lines that use it; one step towards fg keeps them quieter than fg.muted and AA.
        fg: {
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
          // Chakra's red.500 / green.600 on white are under 4.5:1 for the error and success
          // lines (3.8:1 measured by axe); the 700 shades are AA on white, the 300s on dark.
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        // The whole palette, so `colorPalette="brand"` never falls back to an undefined token:
        // white on teal.700 is 7.4:1 (light), teal.950 on teal.400 is 8.8:1 (dark), both AA.
        brand: {
          solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.teal.950}' } },
          fg: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.300}' } },
          muted: { value: { _light: '{colors.teal.100}', _dark: '{colors.teal.900}' } },
          subtle: { value: { _light: '{colors.teal.50}', _dark: '{colors.teal.950}' } },
          emphasized: { value: { _light: '{colors.teal.200}', _dark: '{colors.teal.800}' } },
          focusRing: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.400}' } },
          border: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.400}' } },
        },
      },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
});

/**
 * The app's system without recipes (`theme-recipes.ts` adds them). A function, so that loading
 * this module and building the system are separate tasks in the browser (issue 9).
 */
export const createAppSystem = () => createSystem(defaultBaseConfig, chakraTheme, appTheme);
