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
