import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { basename, dirname, extname, join } from 'node:path';
import { parseFile } from 'music-metadata';
import { readTrackInfo } from './audio-tags';
import { ffmpegPath } from './ffmpeg-binary';
import { moveIntoPlace, removeQuietly, writeWhole } from '../storage/work-files';

export type TextTags = Record<string, string[]>;
export interface CoverImage {
  data: Buffer;
  mime: string;
}

// Native tag ids of each container mapped to the simple names the tag editor shows.
const NATIVE_NAMES: Record<string, string> = {
  // ID3v2 (MP3, AIFF)
  TIT2: 'title',
  TPE1: 'artist',
  TALB: 'album',
  TPE2: 'album_artist',
  TCON: 'genre',
  TDRC: 'date',
  TYER: 'date',
  TRCK: 'track',
  TPOS: 'disc',
  TBPM: 'bpm',
  TPUB: 'label',
  COMM: 'comment',
  TCOM: 'composer',
  TSRC: 'isrc',
  TCOP: 'copyright',
  TKEY: 'key',
  // Vorbis comments (FLAC, OGG, Opus)
  TITLE: 'title',
  ARTIST: 'artist',
  ALBUM: 'album',
  ALBUMARTIST: 'album_artist',
  ALBUM_ARTIST: 'album_artist',
  GENRE: 'genre',
  DATE: 'date',
  TRACKNUMBER: 'track',
  DISCNUMBER: 'disc',
  BPM: 'bpm',
  LABEL: 'label',
  PUBLISHER: 'label',
  ORGANIZATION: 'label',
  COMMENT: 'comment',
  DESCRIPTION: 'comment',
  COMPOSER: 'composer',
  // iTunes (M4A)
  '©nam': 'title',
  '©ART': 'artist',
  '©alb': 'album',
  aART: 'album_artist',
  '©gen': 'genre',
  '©day': 'date',
  trkn: 'track',
  disk: 'disc',
  tmpo: 'bpm',
  '©cmt': 'comment',
  '©wrt': 'composer',
  cprt: 'copyright',
  // RIFF INFO (WAV)
  INAM: 'title',
  IART: 'artist',
  IPRD: 'album',
  IGNR: 'genre',
  ICRD: 'date',
  ICMT: 'comment',
  ITRK: 'track',
  // ASF (WMA)
  Title: 'title',
  Author: 'artist',
  'WM/AlbumTitle': 'album',
  'WM/AlbumArtist': 'album_artist',
  'WM/Genre': 'genre',
  'WM/Year': 'date',
  'WM/TrackNumber': 'track',
  'WM/BeatsPerMinute': 'bpm',
  'WM/Publisher': 'label',
};
const SKIPPED = new Set([
  'APIC',
  'PIC',
  'covr',
  'METADATA_BLOCK_PICTURE',
  'WM/Picture',
  'encoder',
  'ENCODER',
  'TSSE',
  '©too',
  'ISFT',
]);

function simpleName(id: string): string {
  const known = NATIVE_NAMES[id];
  if (known) return known;
  // ID3 user frames (TXXX:LABEL), iTunes freeform atoms (----:com.apple.iTunes:LABEL).
  const custom = /^(?:TXXX:|----:[^:]*:)(.+)$/.exec(id)?.[1] ?? id;
  return NATIVE_NAMES[custom.toUpperCase()] ?? custom.toLowerCase().replace(/[^a-z0-9_ ]/g, '_');
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const v = value as { text?: unknown; no?: unknown; of?: unknown };
    if (typeof v.text === 'string') return v.text;
    if (typeof v.no === 'number')
      return typeof v.of === 'number' && v.of > 0 ? `${v.no}/${v.of}` : String(v.no);
  }
  return null;
}

/** The file's text tags by simple field name (values deduplicated) and its embedded cover. */
export async function readTags(
  path: string,
): Promise<{ textTags: TextTags; cover: CoverImage | null }> {
  const meta = await parseFile(path, { skipCovers: false });
  const textTags: TextTags = {};
  for (const tags of Object.values(meta.native)) {
    for (const tag of tags) {
      if (SKIPPED.has(tag.id)) continue;
      const text = textOf(tag.value)?.trim();
      if (!text) continue;
      const name = simpleName(tag.id);
      const values = (textTags[name] ??= []);
      if (!values.includes(text)) values.push(text);
    }
  }
  const picture = meta.common.picture?.[0];
  return {
    textTags,
    cover: picture ? { data: Buffer.from(picture.data), mime: picture.format } : null,
  };
}

interface Container {
  format: string;
  /** Can carry a cover as an attached picture stream. */
  cover: boolean;
  names: Record<string, string>;
  extra: string[];
}

const CONTAINERS: Record<string, Container> = {
  '.mp3': {
    format: 'mp3',
    cover: true,
    names: { bpm: 'TBPM', label: 'publisher' },
    extra: ['-id3v2_version', '3'],
  },
  '.flac': { format: 'flac', cover: true, names: { bpm: 'BPM', label: 'LABEL' }, extra: [] },
  '.m4a': { format: 'ipod', cover: true, names: { bpm: 'tmpo' }, extra: [] },
  '.mp4': { format: 'mp4', cover: true, names: { bpm: 'tmpo' }, extra: [] },
  '.ogg': { format: 'ogg', cover: false, names: { bpm: 'BPM', label: 'LABEL' }, extra: [] },
  '.oga': { format: 'ogg', cover: false, names: { bpm: 'BPM', label: 'LABEL' }, extra: [] },
  '.opus': { format: 'opus', cover: false, names: { bpm: 'BPM', label: 'LABEL' }, extra: [] },
  '.wav': { format: 'wav', cover: false, names: {}, extra: [] },
  '.aif': {
    format: 'aiff',
    cover: false,
    names: { bpm: 'TBPM', label: 'publisher' },
    extra: ['-write_id3v2', '1'],
  },
  '.aiff': {
    format: 'aiff',
    cover: false,
    names: { bpm: 'TBPM', label: 'publisher' },
    extra: ['-write_id3v2', '1'],
  },
  '.wma': { format: 'asf', cover: false, names: {}, extra: [] },
};

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

function runFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg could not write tags: ${stderr.trim()}`)),
    );
  });
}

/**
 * Rewrites the file's tags by remuxing (audio copied bit for bit) into a hidden temporary file
 * beside it, checks the result parses as audio, then renames it over the original: a failure at
 * any step leaves the original untouched. `cover` undefined keeps the current cover, null drops it.
 * Covers must be JPEG or PNG (what MP3, FLAC and MP4 can carry); other containers get tags only.
 */
export async function writeTags(
  path: string,
  textTags: TextTags,
  cover: CoverImage | null | undefined,
): Promise<void> {
  const container = CONTAINERS[extname(path).toLowerCase()];
  if (!container) throw new Error(`cannot write tags to ${extname(path)} files`);
  const stamp = randomBytes(6).toString('hex');
  const temp = join(dirname(path), `.${basename(path)}.tags-${stamp}`);
  const coverExt = cover ? IMAGE_EXTENSIONS[cover.mime] : undefined;
  const coverFile = cover && coverExt && container.cover ? `${temp}.cover.${coverExt}` : null;
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', path];
  if (coverFile) args.push('-i', coverFile);
  args.push('-map', '0:a', '-c', 'copy', '-map_metadata', '-1');
  if (coverFile) args.push('-map', '1:v', '-disposition:v:0', 'attached_pic');
  else if (cover === undefined && container.cover) args.push('-map', '0:v?');
  for (const [name, values] of Object.entries(textTags)) {
    const key = container.names[name.toLowerCase()] ?? name;
    if (values.length > 0) args.push('-metadata', `${key}=${values.join('; ')}`);
  }
  args.push(...container.extra, '-f', container.format, '-y', temp);
  try {
    if (coverFile && cover) await writeWhole(coverFile, cover.data);
    await runFfmpeg(args);
    await readTrackInfo(temp);
    await moveIntoPlace(temp, path);
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  } finally {
    if (coverFile) await removeQuietly(coverFile);
  }
}
