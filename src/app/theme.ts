import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra system. Colour mode is our own: `index.html` puts `dark` or `light` on <html> before
 * the first paint, and Chakra's `_dark` condition (`.dark &`) follows that class.
 * Breakpoints are the spec's (part 1, section 9): sm 600, md 1024, lg 1440, xl 1920.
 */
const config = defineConfig({
  theme: {
    breakpoints: {
      sm: '600px',
      md: '1024px',
      lg: '1440px',
      xl: '1920px',
      '2xl': '2560px',
    },
    tokens: {
      sizes: {
        drawer: { value: '200px' },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.teal.600}', _dark: '{colors.teal.400}' } },
          fg: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.300}' } },
          muted: { value: { _light: '{colors.teal.100}', _dark: '{colors.teal.900}' } },
        },
      },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
});

export const system = createSystem(defaultConfig, config);
