import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createAppSystem } from '../../src/app/theme';
import {
  hydrateTokenDictionary,
  type DictionaryOptions,
  type DictionaryTables,
} from '../../src/app/token-dictionary-data';
import {
  CHAKRA_TOKENS,
  chakraPrebuiltTokens,
  dictionaryOptionsOf,
  prebuiltTokens,
} from '../../scripts/vite-chakra-token-dictionary';
import { chakraModule, hookOf, pluginContext } from './vite-plugin-hooks';

const plugin = chakraPrebuiltTokens();
const hook = (name: 'resolveId' | 'load' | 'transform') => hookOf(plugin, name);
const context = pluginContext;
const dictionaryPath = chakraModule('token-dictionary.js');
const utilityPath = chakraModule('utility.js');

const system = createAppSystem();
const built = system.tokens as unknown as DictionaryTables & {
  tokenMap: DictionaryTables['tokenNameMap'];
  getCategoryValues(category: string): unknown;
};
const options: DictionaryOptions = dictionaryOptionsOf(system);
const emptyTables = (): DictionaryTables => ({
  allTokens: [],
  tokenNameMap: new Map(),
  cssVarMap: new Map(),
  colorPaletteMap: new Map(),
  flatMap: new Map(),
  categoryMap: new Map(),
});
/** A Map of Maps as nested entry lists, so that order counts too. */
const entries = (map: Map<string, unknown>): unknown[] =>
  [...map].map(([key, value]) => [key, value instanceof Map ? entries(value) : value]);

describe("Chakra's token dictionary, prebuilt (vite-chakra-token-dictionary)", () => {
  it('fills the same tables as Chakra builds for the app theme, in the same order', async () => {
    const data = await prebuiltTokens();
    const tables = emptyTables();
    const byCategory = hydrateTokenDictionary(data, options, tables);

    expect(tables.allTokens).toHaveLength(built.allTokens.length);
    expect(tables.allTokens).toEqual(built.allTokens);
    expect(entries(tables.tokenNameMap)).toEqual(entries(built.tokenMap));
    expect(entries(tables.cssVarMap)).toEqual(entries(built.cssVarMap));
    expect(entries(tables.colorPaletteMap)).toEqual(entries(built.colorPaletteMap));
    expect(entries(tables.flatMap)).toEqual(entries(built.flatMap));
    expect(entries(tables.categoryMap)).toEqual(entries(built.categoryMap));
    for (const category of built.categoryMap.keys())
      expect(byCategory?.[category]).toEqual(built.getCategoryValues(category));
    // The tables point at the listed tokens, as Chakra's do: one object per token.
    const listed = new Set(tables.allTokens);
    for (const token of tables.tokenNameMap.values()) expect(listed.has(token)).toBe(true);
    expect(tables.tokenNameMap.get('colors.brand.solid')?.extensions.conditions).toEqual({
      _light: '{colors.teal.700}',
      _dark: '{colors.teal.400}',
    });
  });

  it('leaves the tables to Chakra for any other theme', async () => {
    const data = await prebuiltTokens();
    const tables = emptyTables();
    const other = { ...options, tokens: { ...options.tokens, extra: { a: { value: '1px' } } } };
    expect(hydrateTokenDictionary(data, other, tables)).toBeUndefined();
    expect(hydrateTokenDictionary(data, { ...options, prefix: 'x' }, tables)).toBeUndefined();
    expect(tables).toEqual(emptyTables());
  });

  it("rewrites Chakra's build into the prebuilt tables with a fallback, and stops the build on a Chakra it does not know", async () => {
    const code = await readFile(dictionaryPath, 'utf8');
    const out = hook('transform').call(context, code, dictionaryPath) as { code: string };
    expect(out.code.startsWith(`import { hydratePrebuiltTokens } from "${CHAKRA_TOKENS}";`)).toBe(
      true,
    );
    expect(out.code).toMatch(
      /if \(prebuilt\) byCategoryJson = prebuilt;\s*else \{ registerTokens\(\); build\(\); \}/,
    );
    expect(() =>
      hook('transform').call(context, code.replace('build();\n  return', 'return'), dictionaryPath),
    ).toThrow(/no longer what this plugin rewrites/);
    expect(hook('transform').call(context, code, '/elsewhere/token-dictionary.js')).toBeUndefined();
  });

  it("drops the utility's type table, which only Chakra's type generator reads, and shares its values", async () => {
    const code = await readFile(utilityPath, 'utf8');
    const out = hook('transform').call(context, code, utilityPath) as { code: string };
    expect(code).toMatch(/assignPropertyTypes\(\);/);
    expect(out.code).not.toMatch(/assignPropertyTypes\(\);/);
    expect(out.code).not.toMatch(/propValues\.set\(property, values\);\s*assignPropertyType/);
    // What the browser still needs is kept: the values table and the late registrations.
    expect(out.code).toMatch(
      /function build\(\) \{\s*assignShorthands\(\);\s*assignColorPaletteProperty\(\);\s*assignProperties\(\);\s*\}/,
    );
    expect(out.code).toContain('addPropertyType');
    // One call per shared values function: the colour properties' copy is made once.
    expect(out.code).toMatch(/if \(resolveFn\) return values\(fn\);/);
    expect(out.code).toMatch(/valuesOf\.set\(values, values\(tokens\.getCategoryValues\)\)/);
    expect(() =>
      hook('transform').call(context, code.replace('assignPropertyTypes();', ''), utilityPath),
    ).toThrow(/no longer what this plugin rewrites/);
  });

  it('serves the data as a module that parses it once', async () => {
    const id = hook('resolveId').call(context, CHAKRA_TOKENS);
    const source = String(await hook('load').call(context, id));
    expect(source).toContain('export const hydratePrebuiltTokens');
    expect(source).toMatch(/const data = JSON\.parse\("/);
    expect(source.length).toBeLessThan(150_000);
  });
});
