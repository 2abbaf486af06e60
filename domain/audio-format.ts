import { z } from 'zod';

/** Download formats offered by the collection page's format selector (spec part 1, section 2). */
export const DOWNLOAD_FORMATS = [
  'original',
  'MP3_320',
  'AAC',
  'FLAC',
  'ALAC',
  'WAV',
  'AIFF',
  'OGG',
  'WMA',
] as const;
export const DownloadFormatSchema = z.enum(DOWNLOAD_FORMATS);
export type DownloadFormat = z.infer<typeof DownloadFormatSchema>;
export type TranscodeFormat = Exclude<DownloadFormat, 'original'>;

/** Containers Chromium cannot play; their originals are transcoded for playback. */
export const UNPLAYABLE_IN_BROWSER = ['ALAC', 'AIFF', 'WMA'] as const;

/**
 * Formats whose decoding loses nothing (as the import names them, `audio.format`): the gapless
 * stream keeps their bit depth, and FLAC carries them in no more bytes than the original.
 */
export const LOSSLESS_FORMATS: ReadonlySet<string> = new Set(['FLAC', 'WAV', 'AIFF', 'ALAC']);

/**
 * File endings the library takes as audio, lower case with their dot. One list for every place
 * that asks: the folder scan and import, the /upload picker and its check, a downloader node's
 * unpacked zip. What a file really holds is still read from its bytes where that matters.
 */
export const AUDIO_EXTENSIONS: readonly string[] = [
  '.mp3',
  '.flac',
  '.ogg',
  '.oga',
  '.opus',
  '.m4a',
  '.mp4',
  '.aac',
  '.wav',
  '.aif',
  '.aiff',
  '.wma',
  '.alac',
];

const AUDIO_ENDINGS: ReadonlySet<string> = new Set(AUDIO_EXTENSIONS);

/** Whether a file ending (".FLAC", ".mp3": with its dot, in any case) is an audio file's. */
export const isAudioExtension = (extension: string): boolean =>
  AUDIO_ENDINGS.has(extension.toLowerCase());
