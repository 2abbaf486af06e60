import { extname } from 'node:path';

// Characters Windows, macOS or Linux refuse in file names; control characters are dropped too.
const UNSAFE = /[\\/:*?"<>|]+/g;
const withoutControls = (text: string): string =>
  [...text].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');

/** A file name safe on every desktop OS: no separators or reserved characters, bounded length. */
export function sanitiseFileName(name: string, fallback = 'download'): string {
  const cleaned = withoutControls(name)
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (cleaned === '') return fallback;
  if (cleaned.length <= 200) return cleaned;
  const ext = extname(cleaned).slice(0, 12);
  return cleaned.slice(0, 200 - ext.length).trimEnd() + ext;
}

/**
 * `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 8187), so browsers
 * save "Björk - Ola.flac" under its real name and old clients still get something readable.
 */
export function attachmentDisposition(name: string): string {
  const safe = sanitiseFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[%"\\]/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
