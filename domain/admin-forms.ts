/**
 * Conversions between what the admin forms show and what the wire carries (spec part 2,
 * sections 3 and 5): a role's speed limit is typed in kbps and sent in bytes per second (x1000),
 * and an empty limit field means unset, which the server reads as unlimited.
 */

/** What a limit field holds: a value for the wire (null is unset), or an error to show. */
export type LimitField = { ok: true; value: number | null } | { ok: false };

const WHOLE_NUMBER = /^\d{1,9}$/;

/** "" -> unset; "12" -> 12; anything else (negative, decimals, letters) is refused. */
export function parseOptionalLimit(text: string): LimitField {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!WHOLE_NUMBER.test(trimmed)) return { ok: false };
  return { ok: true, value: Number(trimmed) };
}

/** "256" kbps -> 256000 bytes per second; "" -> unset (no throttling). */
export function kbpsToBytesPerSecond(text: string): LimitField {
  const parsed = parseOptionalLimit(text);
  if (!parsed.ok || parsed.value === null) return parsed;
  return { ok: true, value: parsed.value * 1000 };
}

/** 256000 -> "256"; null -> "" (the field a form starts with and the table shows). */
export function bytesPerSecondToKbps(bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? '' : String(Math.round(bytesPerSecond / 1000));
}

/** "500" MB -> 500000000 bytes; "" -> unset (unlimited). */
export function megabytesToBytes(text: string): LimitField {
  const parsed = parseOptionalLimit(text);
  if (!parsed.ok || parsed.value === null) return parsed;
  return { ok: true, value: parsed.value * 1_000_000 };
}

/** 500000000 -> "500"; null -> "". */
export const bytesToMegabytes = (bytes: number | null): string =>
  bytes === null ? '' : String(Math.round(bytes / 1_000_000));

/** null -> ""; 50 -> "50". */
export const limitToText = (limit: number | null): string => (limit === null ? '' : String(limit));

/** "a, b,,c " -> ["a", "b", "c"]: a tag list typed as comma-separated text, blanks dropped. */
export function parseTagList(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return [...new Set(tags)];
}
