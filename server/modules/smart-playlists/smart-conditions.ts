import { foldText } from '../../../domain/search-text';

/**
 * Text folding both sides of a smart rule agree on, without a stored key column: lower case,
 * and the accented Latin letters mapped to their plain letter ("Björk" = "bjork"). Terms
 * (genre, tag, label) use their stored folded keys instead, like search.
 */
const ACCENTS: ReadonlyArray<readonly [string, string]> = [
  ['àáâãäåāăą', 'a'],
  ['çćĉċč', 'c'],
  ['ďđ', 'd'],
  ['èéêëēĕėęě', 'e'],
  ['ĝğġģ', 'g'],
  ['ĥħ', 'h'],
  ['ìíîïĩīĭį', 'i'],
  ['ĵ', 'j'],
  ['ķ', 'k'],
  ['ĺļľŀł', 'l'],
  ['ñńņň', 'n'],
  ['òóôõöøōŏő', 'o'],
  ['ŕŗř', 'r'],
  ['śŝşšș', 's'],
  ['ţťŧț', 't'],
  ['ùúûüũūŭůűų', 'u'],
  ['ŵ', 'w'],
  ['ýÿŷ', 'y'],
  ['źżž', 'z'],
];

/** Each accented letter (lower case) and its plain letter. */
export const ACCENT_PAIRS: ReadonlyArray<readonly [string, string]> = ACCENTS.flatMap(
  ([letters, plain]) => [...letters].map((letter) => [letter, plain] as const),
);

const PLAIN = new Map(ACCENT_PAIRS);

/** The value side of a text rule, folded as the SQL side folds the column. */
export const foldLight = (value: string): string =>
  [...value.trim().toLowerCase()].map((ch) => PLAIN.get(ch) ?? ch).join('');

/** The value side of a term rule (genre, tag, label): the terms' value_key folding. */
export const foldTerm = (value: string): string => foldText(value);

/** A LIKE pattern matching the text literally (escape character: backslash). */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The cut-off of "in the last N days", as ISO text. */
export const daysAgo = (days: number, now = Date.now()): string =>
  new Date(now - days * 86_400_000).toISOString();
