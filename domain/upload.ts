import { z } from 'zod';

/** Images, PDFs and text files; audio has its own, configurable limit (UPLOAD_MAX_BYTES). */
export const OTHER_UPLOAD_MAX_BYTES = 25 * 1000 * 1000;
/** Original names are stored up to this length; longer ones are refused. */
export const UPLOAD_NAME_MAX = 255;
/** How many bytes the type check looks at before the rest of the file arrives. */
export const SNIFF_BYTES = 64;

/** POST /api/upload */
export const UploadCreatedSchema = z.object({ uploadId: z.number().int() });
export type UploadCreated = z.infer<typeof UploadCreatedSchema>;

export type UploadKind = 'audio' | 'image' | 'pdf' | 'text';

export interface SniffedType {
  kind: UploadKind;
  contentType: string;
  /** Extension of the stored file; only for people looking at DATA_DIR/uploads. */
  ext: string;
}

const ascii = (bytes: Uint8Array, start: number, text: string): boolean =>
  bytes.length >= start + text.length &&
  [...text].every((ch, i) => bytes[start + i] === ch.charCodeAt(0));

const ASF_GUID = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, sig: number[]): boolean =>
  bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);

const audio = (contentType: string, ext: string): SniffedType => ({
  kind: 'audio',
  contentType,
  ext,
});

/**
 * The type of a file from its first bytes (magic numbers), never from its name: a renamed
 * script stays refused. Null when the start matches no accepted binary format; the caller
 * then accepts it only as UTF-8 text without NUL (checked over the whole file).
 */
export function sniffBinary(head: Uint8Array): SniffedType | null {
  if (ascii(head, 0, 'fLaC')) return audio('audio/flac', 'flac');
  if (ascii(head, 0, 'OggS')) return audio('audio/ogg', 'ogg');
  if (ascii(head, 0, 'ID3')) return audio('audio/mpeg', 'mp3');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return audio('audio/wav', 'wav');
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC'))) {
    return audio('audio/aiff', 'aiff');
  }
  if (ascii(head, 4, 'ftyp')) {
    const brand = String.fromCharCode(...head.slice(8, 12));
    // M4A/M4B/M4P and the generic ISO brands audio encoders write; video brands are refused.
    if (/^(M4A |M4B |M4P |mp42|isom|dash)$/.test(brand)) return audio('audio/mp4', 'm4a');
    return null;
  }
  if (startsWith(head, ASF_GUID)) return audio('audio/x-ms-wma', 'wma');
  // MPEG audio frame sync (MP3 without tags, AAC in ADTS): 11 set bits, and a valid layer.
  const [first = 0, second = 0] = head;
  if (first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0x06) {
    return (second & 0x06) === 0 ? audio('audio/aac', 'aac') : audio('audio/mpeg', 'mp3');
  }
  if (startsWith(head, PNG)) return { kind: 'image', contentType: 'image/png', ext: 'png' };
  if (first === 0xff && second === 0xd8 && head[2] === 0xff) {
    return { kind: 'image', contentType: 'image/jpeg', ext: 'jpg' };
  }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) {
    return { kind: 'image', contentType: 'image/webp', ext: 'webp' };
  }
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) {
    return { kind: 'image', contentType: 'image/gif', ext: 'gif' };
  }
  if (ascii(head, 0, '%PDF-')) return { kind: 'pdf', contentType: 'application/pdf', ext: 'pdf' };
  return null;
}

export const TEXT_TYPE: SniffedType = {
  kind: 'text',
  contentType: 'text/plain; charset=utf-8',
  ext: 'txt',
};

/**
 * Why an original file name is refused, or null when it may be stored. Names with path
 * separators or control characters are refused rather than cleaned: a browser never sends
 * them, so they come from a script, and silently changing them would hide that.
 */
export function uploadNameProblem(name: string): string | null {
  if (name.trim() === '') return 'The file needs a name';
  if (name.length > UPLOAD_NAME_MAX) {
    return `The file name must be at most ${UPLOAD_NAME_MAX} characters`;
  }
  if (/[/\\]/.test(name)) return 'The file name must not contain / or \\';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name))
    return 'The file name must not contain control characters';
  if (name === '.' || name === '..') return 'The file name must not be . or ..';
  return null;
}

/** GET /api/file?path=: a stored upload or log, by its path under DATA_DIR. */
export const FileQuerySchema = z.object({
  path: z.string({ error: 'path is required' }).min(1, 'path is required').max(512),
});
