/** A satisfiable byte range, both ends inclusive, as HTTP Range defines them (RFC 9110 §14). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range: bytes=...` header against a resource of `size` bytes.
 * Returns null when the header is absent or not a single byte range we honour (the caller then
 * sends the whole resource, as RFC 9110 allows), or 'unsatisfiable' for a 416 answer.
 */
export function parseByteRange(
  header: string | null | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // Suffix range: the last N bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
