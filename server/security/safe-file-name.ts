import path from 'node:path';

/**
 * File systems limit one name to 255 bytes (ext4, xfs, btrfs, APFS...), not characters: 100
 * CJK characters are 300 bytes and 75 emoji 300. Names we write stay under this, which leaves
 * room for what is added later (" (12)" before the extension, a temporary ".part" suffix).
 */
export const NAME_MAX_BYTES = 200;

/** Extensions longer than this are treated as part of the name when cutting. */
const EXT_MAX_BYTES = 16;

export const bytesOf = (text: string): number => Buffer.byteLength(text, 'utf8');

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` within `maxBytes` of UTF-8, never splitting a character: not a
 * surrogate pair, nor an emoji sequence or a letter with its combining accents (graphemes).
 */
export function cutToBytes(text: string, maxBytes: number): string {
  if (bytesOf(text) <= maxBytes) return text;
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = bytesOf(segment);
    if (used + size > maxBytes) break;
    kept += segment;
    used += size;
  }
  return kept;
}

/**
 * One path segment (a file or folder name) cut to at most `maxBytes` bytes of UTF-8, keeping
 * its extension and never splitting a character (a surrogate pair stays whole). Names that fit
 * come back unchanged; the caller keeps the original name for display.
 */
export function fitNameToBytes(name: string, maxBytes = NAME_MAX_BYTES): string {
  if (bytesOf(name) <= maxBytes) return name;
  const ext = path.extname(name);
  const keepExt = ext !== name && bytesOf(ext) <= EXT_MAX_BYTES;
  const stem = keepExt ? name.slice(0, name.length - ext.length) : name;
  const budget = maxBytes - (keepExt ? bytesOf(ext) : 0);
  // A cut can leave a trailing space or dot ("Title ."), which some systems refuse or hide.
  const cut = cutToBytes(stem, budget).replace(/[\s.]+$/u, '');
  return (cut === '' ? cutToBytes(stem, budget) : cut) + (keepExt ? ext : '');
}

/** Every segment of a relative path (separated by "/") cut the same way. */
export const fitPathToBytes = (relative: string, maxBytes = NAME_MAX_BYTES): string =>
  relative
    .split('/')
    .map((segment) => fitNameToBytes(segment, maxBytes))
    .join('/');
