import type { UploadKind } from '../../domain/library-upload';

/** How many leading bytes the checks below need. */
export const SNIFF_BYTES = 4096;

const ascii = (head: Buffer, at: number, text: string): boolean =>
  head.subarray(at, at + text.length).toString('latin1') === text;

function isAudio(head: Buffer): boolean {
  if (ascii(head, 0, 'ID3') || ascii(head, 0, 'fLaC') || ascii(head, 0, 'OggS')) return true;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return true;
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC'))) return true;
  if (ascii(head, 4, 'ftyp')) return true; // MP4 family: m4a, aac, alac
  // ASF (WMA) header GUID.
  if (head.subarray(0, 4).equals(Buffer.from([0x30, 0x26, 0xb2, 0x75]))) return true;
  // An MPEG audio frame or an ADTS AAC frame without tags: an 11-bit frame sync.
  return head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
}

function isImage(head: Buffer): boolean {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return true;
  if (ascii(head, 0, 'GIF8')) return true;
  return ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP');
}

/** Text as rippers write it: UTF-8 (no NUL bytes) or UTF-16 with a byte-order mark (EAC logs). */
function isText(head: Buffer): boolean {
  if (
    head.length >= 2 &&
    ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
  )
    return true;
  return !head.includes(0);
}

/**
 * Whether a file's first bytes are what its name says. The name picks the kind (and the
 * companion type); the content must agree, so a renamed executable or a text file called
 * .mp3 is refused before it reaches the library.
 */
export function contentMatches(kind: UploadKind, name: string, head: Buffer): boolean {
  if (head.length === 0) return false;
  if (kind === 'audio') return isAudio(head);
  if (kind === 'image') return isImage(head);
  if (name.toLowerCase().endsWith('.pdf')) return ascii(head, 0, '%PDF-');
  return isText(head);
}
