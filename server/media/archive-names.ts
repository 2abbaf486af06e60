import { bytesOf, cutToBytes, NAME_MAX_BYTES } from '../security/safe-file-name';

/**
 * File names for entries of a zip the server writes (issue 46): safe to extract on Windows,
 * macOS and Linux, bounded in bytes, unique within the archive.
 */

/** Longest stem (the name without its extension), in UTF-8 bytes: the server's one bound for
 * names it writes, which keeps room for the extension and a " (12)" suffix. */
export const MAX_STEM_BYTES = NAME_MAX_BYTES;
const MAX_EXTENSION_BYTES = 16;

// Windows refuses these in a name; '/' and '\' would make folders. Replaced as MusicBrainz
// Picard's "Windows compatibility" does: '"' by "'", the rest by '_'.
const RESERVED = /[<>:/\\|?*]/g;
// C0 and C1 controls, DEL, and the bidirectional overrides that can make "evil\u202Egpj.exe"
// look like a picture.
const INVISIBLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Device names Windows will not create, with or without an extension ("con.txt").
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

export { cutToBytes };

/** Trailing dots and spaces are dropped by Windows, leading dots hide a file on Unix. */
const trimEnds = (text: string): string => text.replace(/[\s.]+$/u, '').replace(/^[\s.]+/u, '');

/** One name segment with no separators, reserved or invisible characters; may be empty. */
export function cleanSegment(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(LONE_SURROGATE, '')
    .replace(/\s/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(/"/g, "'")
    .replace(RESERVED, '_')
    .replace(/\s+/gu, ' ');
  return trimEnds(cleaned);
}

/** An extension of letters and digits only ("mp3", "m4a"), bounded; "" when none is left. */
export const cleanExtension = (extension: string): string =>
  cutToBytes(extension.replace(/^\./, '').replace(/[^\p{L}\p{N}]/gu, ''), MAX_EXTENSION_BYTES);

/** `stem` cut to `max` bytes, with what a cut leaves dangling trimmed. */
const fitStem = (stem: string, max: number): string => trimEnds(cutToBytes(stem, max));

/**
 * Names handed out one by one, each unique within the archive. Keys are compared as a
 * case-insensitive file system would (Windows, macOS), so "Cover.jpg" and "cover.jpg" do not
 * overwrite each other when extracted: the later one becomes "cover (2).jpg".
 */
export class ArchiveNames {
  private readonly taken = new Set<string>();

  /** A unique safe name for `stem` + `extension`; `fallback` when the stem cleans to nothing. */
  claim(stem: string, extension: string, fallback = 'file'): string {
    const ext = cleanExtension(extension);
    let base = fitStem(cleanSegment(stem), MAX_STEM_BYTES);
    if (base === '') base = fitStem(cleanSegment(fallback), MAX_STEM_BYTES) || 'file';
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : ` (${n})`;
      let candidate = (fitStem(base, MAX_STEM_BYTES - bytesOf(suffix)) || 'file') + suffix;
      if (WINDOWS_DEVICE.test(candidate.split('.')[0] ?? '')) candidate = `${candidate}_`;
      const name = ext ? `${candidate}.${ext}` : candidate;
      const key = name.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return name;
      }
    }
  }
}
