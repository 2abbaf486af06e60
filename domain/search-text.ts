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
