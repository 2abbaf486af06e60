/**
 * Chakra's token dictionary as data: `encodeTokenDictionary` runs at build time, in Node, on the
 * dictionary Chakra built for the app's theme; `hydrateTokenDictionary` fills a new dictionary's
 * tables from that data in the browser, in place of Chakra's own build (walking ~600 tokens
 * through its transforms and middlewares: 30 ms of the start-up's main thread on a slow
 * desktop, four times that on a phone). `scripts/vite-chakra-token-dictionary.ts` wires both.
 * No imports: the same module serves the build and the client.
 */

type Extensions = Record<string, unknown>;

export interface Token {
  name: string;
  value: unknown;
  originalValue: unknown;
  path: string[];
  extensions: Extensions;
}

/**
 * The tables of a dictionary that Chakra reads after building it (its `conditionMap` is only
 * ever written, and `byCategory` only read as the plain object `byCategoryJson`).
 */
export interface DictionaryTables {
  allTokens: Token[];
  tokenNameMap: Map<string, Token>;
  cssVarMap: Map<string, Map<string, unknown>>;
  colorPaletteMap: Map<string, Map<string, unknown>>;
  flatMap: Map<string, unknown>;
  categoryMap: Map<string, Map<string, Token>>;
}

export type CategoryValues = Record<string, Record<string, unknown>>;

/** What `createTokenDictionary` is given: the data below is valid for one such input only. */
export interface DictionaryOptions {
  prefix?: string;
  tokens?: Record<string, unknown>;
  semanticTokens?: Record<string, unknown>;
  breakpoints?: Record<string, unknown>;
}

type EncodedToken = [path: string[], value: unknown, originalValue: unknown, ext: Extensions];
type Pairs<V> = [string, V][];

export interface EncodedDictionary {
  signature: string;
  tokens: EncodedToken[];
  /** The name table's tokens in its order, which is not the list's (middlewares add tokens). */
  names: number[];
  colorPalettes: Pairs<Pairs<unknown>>;
}

const SAME = 0;
const samePath = (a: unknown, b: string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * Tells apart the inputs the data could have been built from, cheaply: the prefix, the
 * breakpoints and how many entries each token category has.
 */
export function dictionarySignature(options: DictionaryOptions): string {
  const shape = (group: Record<string, unknown> = {}) =>
    Object.keys(group)
      .sort()
      .map((key) => {
        const value = group[key];
        return `${key}:${value && typeof value === 'object' ? Object.keys(value).length : 0}`;
      })
      .join(',');
  return [
    options.prefix ?? '',
    JSON.stringify(options.breakpoints ?? {}),
    shape(options.tokens),
    shape(options.semanticTokens),
  ].join('|');
}

/** A token without what `decodeToken` derives: name, category, prop, base condition, var(). */
function encodeToken(token: Token): EncodedToken {
  const { originalPath, category, prop, condition, cssVar, ...rest } = token.extensions;
  const ext: Extensions = { ...rest };
  if (!samePath(originalPath, token.path)) ext.originalPath = originalPath;
  if (category !== token.path[0]) ext.category = category;
  if (prop !== token.path.slice(1).join('.')) ext.prop = prop;
  if (condition !== 'base') ext.condition = condition;
  if (cssVar !== undefined) {
    const { var: name, ref } = cssVar as { var: string; ref: string };
    ext.cssVar = ref === `var(${name})` ? name : cssVar;
  }
  if (token.name !== token.path.join('.'))
    throw new Error(`token ${token.name}: name is not its path`);
  const original = token.originalValue === token.value ? SAME : token.originalValue;
  return [token.path, token.value, original, ext];
}

function decodeToken([path, value, original, ext]: EncodedToken): Token {
  const { originalPath, category, prop, condition, cssVar, ...rest } = ext;
  const extensions: Extensions = {
    condition: condition ?? 'base',
    originalPath: originalPath ?? path,
    category: category ?? path[0],
    prop: prop ?? path.slice(1).join('.'),
    ...rest,
  };
  if (cssVar !== undefined)
    extensions.cssVar =
      typeof cssVar === 'string' ? { var: cssVar, ref: `var(${cssVar})` } : cssVar;
  return {
    name: path.join('.'),
    value,
    originalValue: original === SAME ? value : original,
    path,
    extensions,
  };
}

export function encodeTokenDictionary(
  options: DictionaryOptions,
  tables: Pick<DictionaryTables, 'allTokens' | 'colorPaletteMap'> & {
    tokenMap: DictionaryTables['tokenNameMap'];
  },
): EncodedDictionary {
  const index = new Map(tables.allTokens.map((token, i) => [token, i]));
  return {
    signature: dictionarySignature(options),
    tokens: tables.allTokens.map(encodeToken),
    names: [...tables.tokenMap.values()].map((token) => {
      const i = index.get(token);
      if (i === undefined) throw new Error(`token ${token.name} is named but not listed`);
      return i;
    }),
    colorPalettes: [...tables.colorPaletteMap].map(([key, map]) => [key, [...map]]),
  };
}

const tableOf = <V>(tables: Map<string, Map<string, V>>, key: string): Map<string, V> => {
  let table = tables.get(key);
  if (!table) tables.set(key, (table = new Map()));
  return table;
};

/**
 * Fills empty tables from the data and returns the category values, when the data was built
 * from these options; otherwise leaves them untouched, for Chakra to build as usual. The
 * category, flat and CSS variable tables follow from the token list as Chakra derives them
 * (`setupViews`); the test compares every table with Chakra's own.
 */
export function hydrateTokenDictionary(
  data: EncodedDictionary,
  options: DictionaryOptions,
  tables: DictionaryTables,
): CategoryValues | undefined {
  if (dictionarySignature(options) !== data.signature) return undefined;
  const byCategory: CategoryValues = {};
  for (const encoded of data.tokens) {
    const token = decodeToken(encoded);
    tables.allTokens.push(token);
    const ext = token.extensions as {
      category?: string;
      prop: string;
      condition?: string;
      conditions?: unknown;
      negative?: boolean;
      virtual?: boolean;
      cssVar?: { var: string; ref: string };
    };
    if (!ext.category) continue;
    const byProp = tableOf(tables.categoryMap, ext.category);
    if (ext.condition == null || ext.condition === 'base') byProp.set(ext.prop, token);
    else if (ext.conditions && !byProp.has(ext.prop)) byProp.set(ext.prop, token);
    if (!ext.negative && !ext.virtual && ext.condition && ext.cssVar && token.value !== '')
      tableOf(tables.cssVarMap, ext.condition).set(ext.cssVar.var, token.value);
    const value = ext.negative
      ? ext.conditions
        ? token.originalValue
        : token.value
      : ext.cssVar?.ref;
    (byCategory[ext.category] ??= {})[ext.prop] = value;
    tables.flatMap.set(`${ext.category}.${ext.prop}`, value);
  }
  for (const i of data.names) {
    const token = tables.allTokens[i]!;
    tables.tokenNameMap.set(token.name, token);
  }
  for (const [key, list] of data.colorPalettes) tables.colorPaletteMap.set(key, new Map(list));
  return byCategory;
}
