import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import {
  encodeTokenDictionary,
  type DictionaryOptions,
  type EncodedDictionary,
} from '../src/app/token-dictionary-data';

/** The module the rewritten dictionary imports its prebuilt tables from. */
export const CHAKRA_TOKENS = 'virtual:chakra-token-dictionary';
const RESOLVED = `\0${CHAKRA_TOKENS}`;
const DATA_MODULE = fileURLToPath(new URL('../src/app/token-dictionary-data.ts', import.meta.url));

interface Rewrite {
  module: RegExp;
  pattern: RegExp;
  replacement: string;
  /** Prepended to the rewritten module. */
  prelude?: string;
}

const UTILITY = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]utility\.js$/;

const REWRITES: Rewrite[] = [
  {
    // The dictionary's tables from the prebuilt data when the theme is the app's.
    module: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/,
    pattern:
      /registerTokens\(\);\s*registerTransform\(\.\.\.tokenTransforms\);\s*registerMiddleware\(\.\.\.tokenMiddlewares\);\s*build\(\);\s*return dictionary;/,
    replacement: `registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  const prebuilt = hydratePrebuiltTokens(options, { allTokens, tokenNameMap, cssVarMap, colorPaletteMap, flatMap, categoryMap });
  if (prebuilt) byCategoryJson = prebuilt;
  else { registerTokens(); build(); }
  return dictionary;`,
    prelude: `import { hydratePrebuiltTokens } from ${JSON.stringify(CHAKRA_TOKENS)};\n`,
  },
  {
    // The utility's table of TypeScript types per style property is only read by Chakra's
    // type generator (`getTypes`), never in a browser; building it walked every property's
    // values a second time.
    module: UTILITY,
    pattern:
      /propValues\.set\(property, values\);\s*assignPropertyType\(property, config\);([\s\S]*?assignProperties\(\);)\s*assignPropertyTypes\(\);/,
    replacement: 'propValues.set(property, values);$1',
  },
  {
    // Some 30 colour properties share one values function, which copies the ~300 colour
    // tokens into a new object on each call; the tokens are final by then, so one call serves
    // them all (the tables are only read afterwards).
    module: UTILITY,
    pattern:
      /const getPropertyValues = \(config, resolveFn\) => \{([\s\S]*?)if \(isFunction\(values\)\) \{\s*return values\(resolveFn \? fn : tokens\.getCategoryValues\);\s*\}/,
    replacement: `const valuesOf = new Map();
  const getPropertyValues = (config, resolveFn) => {$1if (isFunction(values)) {
      if (resolveFn) return values(fn);
      if (!valuesOf.has(values)) valuesOf.set(values, values(tokens.getCategoryValues));
      return valuesOf.get(values);
    }`,
  },
];

/** What `createSystem` hands `createTokenDictionary` for this system's merged config. */
export function dictionaryOptionsOf(system: { _config: unknown }): DictionaryOptions {
  const config = system._config as { cssVarsPrefix?: string; theme?: Record<string, unknown> };
  const theme = config.theme ?? {};
  return {
    prefix: config.cssVarsPrefix ?? 'chakra',
    tokens: theme.tokens as DictionaryOptions['tokens'],
    semanticTokens: theme.semanticTokens as DictionaryOptions['semanticTokens'],
    breakpoints: theme.breakpoints as DictionaryOptions['breakpoints'],
  };
}

/** The app theme's dictionary, built by Chakra itself (in Node, where it is not rewritten). */
export async function prebuiltTokens(): Promise<EncodedDictionary> {
  const { createAppSystem } = await import('../src/app/theme');
  const system = createAppSystem();
  return encodeTokenDictionary(
    dictionaryOptionsOf(system),
    system.tokens as unknown as Parameters<typeof encodeTokenDictionary>[1],
  );
}

/**
 * Chakra builds its token dictionary in the browser when the system is created: every token
 * walked through its transforms and middlewares, the longest piece of the theme's start-up
 * task. This plugin builds it once, at build time, and rewrites Chakra's dictionary to fill its
 * tables from that data when it is given the app's theme (any other input is built as before);
 * it also drops the utility's type table, which only Chakra's type generator reads. Each
 * rewrite names exactly what it replaces and fails the build when Chakra's code no longer
 * matches. Build only: dev mode keeps Chakra's own path.
 */
export function chakraPrebuiltTokens(): Plugin {
  return {
    name: 'musicbox:chakra-prebuilt-tokens',
    enforce: 'pre',
    apply: 'build',
    resolveId(id) {
      return id === CHAKRA_TOKENS ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const data = JSON.stringify(JSON.stringify(await prebuiltTokens()));
      // A JSON string parses faster than the same object written as a literal.
      return `import { hydrateTokenDictionary } from ${JSON.stringify(DATA_MODULE)};
const data = JSON.parse(${data});
export const hydratePrebuiltTokens = (options, tables) => hydrateTokenDictionary(data, options, tables);`;
    },
    transform(code, id) {
      const rewrites = REWRITES.filter((r) => r.module.test(id));
      if (rewrites.length === 0) return undefined;
      let rewritten = code;
      for (const rewrite of rewrites) {
        if (!rewrite.pattern.test(rewritten))
          this.error(`${id}: Chakra's code is no longer what this plugin rewrites; update it`);
        rewritten =
          (rewrite.prelude ?? '') + rewritten.replace(rewrite.pattern, rewrite.replacement);
      }
      return { code: rewritten, map: null };
    },
  };
}
