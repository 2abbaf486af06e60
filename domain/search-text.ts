/** Lower-cases and strips accents so "Björk" and "bjork" match (search is accent-insensitive). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a search query, folded, without duplicates. */
export function queryWords(query: string): string[] {
  return [...new Set(foldText(query).split(' ').filter(Boolean))].slice(0, 12);
}

/**
 * The values without repeats as search folds them ("Hip-Hop" and "hip hop" are one term), the
 * first spelling kept; a value with no letter or digit is no term and is dropped.
 */
export function uniqueFolded(values: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const key = foldText(value);
    if (key !== '' && !seen.has(key)) seen.set(key, value.trim());
  }
  return [...seen.values()];
}

/**
 * Compares strings by code point, as SQLite's BINARY and PostgreSQL's "C" collation do (UTF-8
 * bytes). UTF-16 units differ from that only above U+D7FF: surrogates (characters beyond
 * U+FFFF) must sort after U+E000 to U+FFFF, so those two ranges are swapped before comparing.
 */
export function byCodePoint(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

const codePointRank = (unit: number): number =>
  unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit;
