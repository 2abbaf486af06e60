import { extname } from 'node:path';
import { isAudioExtension } from '../../../../domain/audio-format';

/** What the first bytes of a download say it is; the URL's extension is never trusted. */
export type Sniffed = { kind: 'zip' } | { kind: 'audio'; ext: string } | { kind: 'other' };

const ascii = (bytes: Buffer, start: number, text: string): boolean =>
  bytes.subarray(start, start + text.length).toString('latin1') === text;

export function sniff(head: Buffer): Sniffed {
  if (ascii(head, 0, 'PK\x03\x04')) return { kind: 'zip' };
  if (ascii(head, 0, 'fLaC')) return { kind: 'audio', ext: 'flac' };
  if (ascii(head, 0, 'OggS')) return { kind: 'audio', ext: 'ogg' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { kind: 'audio', ext: 'wav' };
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC')))
    return { kind: 'audio', ext: 'aiff' };
  if (ascii(head, 4, 'ftyp')) return { kind: 'audio', ext: 'm4a' };
  if (ascii(head, 0, 'ID3')) return { kind: 'audio', ext: 'mp3' };
  // An MPEG audio frame header: 11 sync bits, then a valid layer.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0)
    return { kind: 'audio', ext: 'mp3' };
  return { kind: 'other' };
}

/** An unpacked file the library will take as audio: the endings are domain/'s one list. */
export const isAudioName = (name: string): boolean => isAudioExtension(extname(name));
