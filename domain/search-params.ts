/**
 * Readers for address (query-string) values as the router hands them over: it parses
 * numeric-looking text into numbers and JSON into values, so a token "123" arrives as 123.
 * Anything unusable reads as absent, so a hand-edited address never breaks a screen.
 * Plain functions rather than zod: the routes that use them are in the first-load bundle.
 */

export function optionalText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

export function optionalInt(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? +value : NaN;
  return Number.isSafeInteger(number) ? number : undefined;
}

/** No parameter with a value: a bare address such as /browse. */
export function isEmptySearch(search: Record<string, unknown>): boolean {
  return Object.values(search).every((value) => value === undefined || value === '');
}
