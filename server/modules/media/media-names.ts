import { basename, extname } from 'node:path';
import { attachmentDisposition } from '../../media/content-disposition';
import type { MediaFile } from './media.repository';

/** Content types by the format the tag reader stores (server/media/audio-tags.ts formatName). */
export const AUDIO_MIMES: Record<string, string> = {
  MP3: 'audio/mpeg',
  FLAC: 'audio/flac',
  OGG: 'audio/ogg',
  OPUS: 'audio/ogg',
  AAC: 'audio/mp4',
  ALAC: 'audio/mp4',
  WAV: 'audio/wav',
  AIFF: 'audio/aiff',
  WMA: 'audio/x-ms-wma',
};
const EXTENSION_MIMES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.cue': 'text/plain; charset=utf-8',
  '.log': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.nfo': 'text/plain; charset=utf-8',
  '.m3u': 'audio/x-mpegurl',
  '.m3u8': 'audio/x-mpegurl',
};

/** Content-Type of a stored file: by its audio format, else by its extension. */
export function originalMime(file: MediaFile): string {
  return (
    (file.audio && AUDIO_MIMES[file.audio.format]) ??
    EXTENSION_MIMES[extname(file.path).toLowerCase()] ??
    'application/octet-stream'
  );
}

/** "Artist - Title.ext" for audio, the stored name for everything else. */
export function downloadName(file: MediaFile, extension?: string): string {
  const ext = extension ? `.${extension}` : extname(file.path);
  if (!file.audio) return basename(file.relativePath);
  const artists = file.audio.artists.join(', ');
  return artists ? `${artists} - ${file.audio.title}${ext}` : `${file.audio.title}${ext}`;
}

export const downloadDisposition = (file: MediaFile, extension?: string): string =>
  attachmentDisposition(downloadName(file, extension));
