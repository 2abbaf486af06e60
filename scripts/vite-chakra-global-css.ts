import { serializeStyles } from '@emotion/serialize';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import type { Plugin } from 'vite';

/** Import this id for the stylesheet: Chakra's layer order, reset, global styles and tokens. */
export const CHAKRA_GLOBAL_CSS = 'virtual:chakra-global.css';
const RESOLVED = `\0${CHAKRA_GLOBAL_CSS}`;

const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL =
  /const _global = \[\s*getPreflightCss\(\),\s*getGlobalCss\(\),\s*getTokenCss\(\)\s*\];/;

/** The same CSS Emotion's Global would insert for these styles, as one stylesheet. */
function toCss(styles: unknown): string {
  const serialized = serializeStyles([styles as never]);
  return serialize(compile(serialized.styles), middleware([prefixer, stringify]));
}

async function globalCss(): Promise<string> {
  // Loaded here, in Node, where Chakra is not transformed: its system still computes the CSS.
  const { createAppSystem } = await import('../src/app/theme');
  const system = createAppSystem();
  return [system.layers.atRule, ...system._global].map(toCss).join('\n');
}

/**
 * Chakra's `createSystem` computes its reset, global styles and every token's CSS variable
 * (about 50 KB of CSS) while the app's first module is evaluated, and Emotion then compiles it
 * into the page: on a slow phone that was a fifth of the start-up's longest task, and the
 * first commit's. This plugin builds that CSS once, at build time, as a stylesheet, and makes
 * the client's system skip it (`_global` empty, so Emotion inserts nothing). The rewrite names
 * exactly what it replaces and fails the build when Chakra's code no longer matches.
 */
export function chakraStaticGlobalCss(): Plugin {
  return {
    name: 'musicbox:chakra-static-global-css',
    enforce: 'pre',
    resolveId(id) {
      return id === CHAKRA_GLOBAL_CSS ? RESOLVED : undefined;
    },
    async load(id) {
      return id === RESOLVED ? await globalCss() : undefined;
    },
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return undefined;
      if (!EAGER_GLOBAL.test(code))
        this.error(
          `${id}: Chakra's system no longer builds _global as expected; update this plugin`,
        );
      return { code: code.replace(EAGER_GLOBAL, 'const _global = [];'), map: null };
    },
  };
}
