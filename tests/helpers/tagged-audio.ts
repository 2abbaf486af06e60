import { execFile, execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { writeTone } from './audio';

/** Formats whose container says how long the audio is. */
export type AudioKind = 'mp3' | 'flac' | 'ogg' | 'opus' | 'm4a';

/**
 * Playable files whose header holds no duration, so music-metadata reports none:
 * - `flac-no-total`: FLAC as written to a pipe, STREAMINFO total samples = 0;
 * - `ogg-flac`: FLAC in Ogg (music-metadata computes no duration for it);
 * - `ogg-no-eos`: Ogg Vorbis cut off like a stream capture: no end-of-stream page, junk after.
 */
export type NoDurationKind = 'flac-no-total' | 'ogg-flac' | 'ogg-no-eos';

export type TaggedAudioKind = AudioKind | NoDurationKind;

/** The file extension each kind is written with. */
export const KIND_EXTENSION: Record<TaggedAudioKind, string> = {
  mp3: '.mp3',
  flac: '.flac',
  ogg: '.ogg',
  opus: '.opus',
  m4a: '.m4a',
  'flac-no-total': '.flac',
  'ogg-flac': '.oga',
  'ogg-no-eos': '.ogg',
};

/** Raw ReplayGain strings as taggers write them ("-6.50 dB", "0.988553"). */
export interface ReplayGainTags {
  trackGain?: string;
  trackPeak?: string;
  albumGain?: string;
  albumPeak?: string;
}

/**
 * Format-neutral tags; each format gets the frames real taggers write for them. Lists become
 * several values (null-separated TPE1, repeated ARTIST comments, several ©ART values).
 */
export interface TrackTags {
  title?: string;
  album?: string;
  artists?: string[];
  /** The multi-value ARTISTS tag Picard writes beside the display ARTIST. */
  artistsTag?: string[];
  artistSort?: string[];
  artistMbids?: string[];
  albumArtists?: string[];
  albumArtistSort?: string[];
  albumArtistMbids?: string[];
  trackNumber?: number;
  discNumber?: number;
  discTotal?: number;
  discSubtitle?: string;
  compilation?: boolean;
  date?: string;
  genre?: string;
  replayGain?: ReplayGainTags;
  /** Unsynchronised lyrics: USLT, the Vorbis LYRICS comment, ©lyr. */
  lyrics?: string;
  /** foobar2000's Vorbis UNSYNCEDLYRICS comment (Vorbis comments only). */
  unsyncedLyrics?: string;
  /** SYLT with millisecond timestamps (ID3 only). */
  syncedLyrics?: Array<{ text: string; ms: number }>;
  /** SYLT timed in MPEG frames, which a reader cannot turn into times without the stream. */
  frameTimedLyrics?: Array<{ text: string; frame: number }>;
}

export interface TaggedAudioOptions {
  kind: TaggedAudioKind;
  seconds?: number;
  frequency?: number;
  tags?: TrackTags;
  /** ID3v2 version of an MP3's tag; v2.3 is what most Windows taggers still write. */
  id3Version?: 3 | 4;
}

const ENCODER_ARGS: Record<TaggedAudioKind, string[]> = {
  mp3: ['-codec:a', 'libmp3lame', '-b:a', '64k'],
  flac: ['-codec:a', 'flac'],
  ogg: ['-codec:a', 'libvorbis'],
  opus: ['-codec:a', 'libopus'],
  m4a: ['-codec:a', 'aac', '-b:a', '64k'],
  'flac-no-total': ['-codec:a', 'flac'],
  'ogg-flac': ['-codec:a', 'flac', '-f', 'ogg'],
  'ogg-no-eos': ['-codec:a', 'libvorbis'],
};

type TagFormat = 'id3' | 'flac' | 'ogg-vorbis' | 'ogg-opus' | 'ogg-flac' | 'mp4';

const TAG_FORMAT: Record<TaggedAudioKind, TagFormat> = {
  mp3: 'id3',
  flac: 'flac',
  'flac-no-total': 'flac',
  ogg: 'ogg-vorbis',
  'ogg-no-eos': 'ogg-vorbis',
  opus: 'ogg-opus',
  'ogg-flac': 'ogg-flac',
  m4a: 'mp4',
};

type Id3Frame =
  | { id: string; text: string[] }
  | { id: 'TXXX'; desc: string; text: string[] }
  | { id: 'USLT'; lang: string; desc: string; text: string }
  | {
      id: 'SYLT';
      lang: string;
      desc: string;
      format: 1 | 2;
      type: number;
      entries: Array<[string, number]>;
    };

const list = (values: string[] | undefined): string[] => values ?? [];

function id3Frames(tags: TrackTags): Id3Frame[] {
  const frames: Id3Frame[] = [];
  const text = (id: string, values: string[] | undefined) => {
    if (values !== undefined && values.length > 0) frames.push({ id, text: values });
  };
  const txxx = (desc: string, values: string[] | undefined) => {
    if (values !== undefined && values.length > 0) frames.push({ id: 'TXXX', desc, text: values });
  };
  const one = (value: string | number | undefined) =>
    value === undefined ? undefined : [String(value)];
  text('TIT2', one(tags.title));
  text('TALB', one(tags.album));
  text('TPE1', tags.artists);
  txxx('ARTISTS', tags.artistsTag);
  text('TSOP', tags.artistSort);
  txxx('MusicBrainz Artist Id', tags.artistMbids);
  text('TPE2', tags.albumArtists);
  text('TSO2', tags.albumArtistSort);
  txxx('MusicBrainz Album Artist Id', tags.albumArtistMbids);
  text('TRCK', one(tags.trackNumber));
  if (tags.discNumber !== undefined)
    text('TPOS', [`${tags.discNumber}${tags.discTotal ? `/${tags.discTotal}` : ''}`]);
  text('TSST', one(tags.discSubtitle));
  if (tags.compilation) text('TCMP', ['1']);
  text('TDRC', one(tags.date));
  text('TCON', one(tags.genre));
  const gain = tags.replayGain ?? {};
  txxx('REPLAYGAIN_TRACK_GAIN', one(gain.trackGain));
  txxx('REPLAYGAIN_TRACK_PEAK', one(gain.trackPeak));
  txxx('REPLAYGAIN_ALBUM_GAIN', one(gain.albumGain));
  txxx('REPLAYGAIN_ALBUM_PEAK', one(gain.albumPeak));
  if (tags.lyrics !== undefined)
    frames.push({ id: 'USLT', lang: 'eng', desc: '', text: tags.lyrics });
  if (tags.syncedLyrics !== undefined)
    frames.push({
      id: 'SYLT',
      lang: 'eng',
      desc: '',
      format: 2,
      type: 1,
      entries: tags.syncedLyrics.map((line) => [line.text, line.ms]),
    });
  if (tags.frameTimedLyrics !== undefined)
    frames.push({
      id: 'SYLT',
      lang: 'eng',
      desc: 'frames',
      format: 1,
      type: 1,
      entries: tags.frameTimedLyrics.map((line) => [line.text, line.frame]),
    });
  if (tags.unsyncedLyrics !== undefined) throw new Error('UNSYNCEDLYRICS is a Vorbis comment');
  return frames;
}

function vorbisComments(tags: TrackTags): Array<[string, string]> {
  if (tags.syncedLyrics !== undefined || tags.frameTimedLyrics !== undefined)
    throw new Error('SYLT is an ID3 frame');
  const comments: Array<[string, string]> = [];
  const add = (key: string, values: Array<string | number | undefined>) => {
    for (const value of values) if (value !== undefined) comments.push([key, String(value)]);
  };
  const gain = tags.replayGain ?? {};
  add('TITLE', [tags.title]);
  add('ALBUM', [tags.album]);
  add('ARTIST', list(tags.artists));
  add('ARTISTS', list(tags.artistsTag));
  add('ARTISTSORT', list(tags.artistSort));
  add('MUSICBRAINZ_ARTISTID', list(tags.artistMbids));
  add('ALBUMARTIST', list(tags.albumArtists));
  add('ALBUMARTISTSORT', list(tags.albumArtistSort));
  add('MUSICBRAINZ_ALBUMARTISTID', list(tags.albumArtistMbids));
  add('TRACKNUMBER', [tags.trackNumber]);
  add('DISCNUMBER', [tags.discNumber]);
  add('DISCTOTAL', [tags.discTotal]);
  add('DISCSUBTITLE', [tags.discSubtitle]);
  add('COMPILATION', [tags.compilation ? '1' : undefined]);
  add('DATE', [tags.date]);
  add('GENRE', [tags.genre]);
  add('REPLAYGAIN_TRACK_GAIN', [gain.trackGain]);
  add('REPLAYGAIN_TRACK_PEAK', [gain.trackPeak]);
  add('REPLAYGAIN_ALBUM_GAIN', [gain.albumGain]);
  add('REPLAYGAIN_ALBUM_PEAK', [gain.albumPeak]);
  add('LYRICS', [tags.lyrics]);
  add('UNSYNCEDLYRICS', [tags.unsyncedLyrics]);
  return comments;
}

const ITUNES = '----:com.apple.iTunes:';

function mp4Atoms(tags: TrackTags): Record<string, unknown> {
  if (tags.syncedLyrics !== undefined || tags.frameTimedLyrics !== undefined)
    throw new Error('SYLT is an ID3 frame');
  if (tags.unsyncedLyrics !== undefined) throw new Error('UNSYNCEDLYRICS is a Vorbis comment');
  const atoms: Record<string, unknown> = {};
  const set = (key: string, values: string[] | undefined) => {
    if (values !== undefined && values.length > 0) atoms[key] = values;
  };
  const one = (value: string | undefined) => (value === undefined ? undefined : [value]);
  const gain = tags.replayGain ?? {};
  set('©nam', one(tags.title));
  set('©alb', one(tags.album));
  set('©ART', tags.artists);
  set(`${ITUNES}ARTISTS`, tags.artistsTag);
  set('soar', tags.artistSort);
  set(`${ITUNES}MusicBrainz Artist Id`, tags.artistMbids);
  set('aART', tags.albumArtists);
  set('soaa', tags.albumArtistSort);
  set(`${ITUNES}MusicBrainz Album Artist Id`, tags.albumArtistMbids);
  if (tags.trackNumber !== undefined) atoms.trkn = [[tags.trackNumber, 0]];
  if (tags.discNumber !== undefined) atoms.disk = [[tags.discNumber, tags.discTotal ?? 0]];
  set(`${ITUNES}DISCSUBTITLE`, one(tags.discSubtitle));
  if (tags.compilation) atoms.cpil = true;
  set('©day', one(tags.date));
  set('©gen', one(tags.genre));
  set(`${ITUNES}replaygain_track_gain`, one(gain.trackGain));
  set(`${ITUNES}replaygain_track_peak`, one(gain.trackPeak));
  set(`${ITUNES}replaygain_album_gain`, one(gain.albumGain));
  set(`${ITUNES}replaygain_album_peak`, one(gain.albumPeak));
  set('©lyr', one(tags.lyrics));
  return atoms;
}

function tagSpec(kind: TaggedAudioKind, tags: TrackTags, id3Version: 3 | 4): unknown {
  const format = TAG_FORMAT[kind];
  if (format === 'id3') return { version: id3Version, frames: id3Frames(tags) };
  if (format === 'mp4') return { atoms: mp4Atoms(tags) };
  return { comments: vorbisComments(tags) };
}

const SCRIPT = fileURLToPath(new URL('./write-tags.py', import.meta.url));
let python: string | undefined;

/**
 * A Python that has mutagen: `python3` first, else the system's (a pyenv or venv `python3` on
 * PATH does not see Debian's python3-mutagen).
 */
function mutagenPython(): string {
  if (python !== undefined) return python;
  for (const candidate of ['python3', '/usr/bin/python3']) {
    try {
      execFileSync(candidate, ['-c', 'import mutagen'], { stdio: 'ignore' });
      python = candidate;
      return candidate;
    } catch {
      // Not this one: try the next.
    }
  }
  throw new Error('the tests need mutagen: apt-get install python3-mutagen');
}

function writeTags(path: string, kind: TaggedAudioKind, tags: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(mutagenPython(), [SCRIPT], (error, _stdout, stderr) => {
      if (error) reject(new Error(`write-tags.py failed for ${path}: ${stderr || error.message}`));
      else resolve();
    });
    child.stdin?.end(JSON.stringify({ path, format: TAG_FORMAT[kind], tags }));
  });
}

// The Ogg page checksum: CRC-32 with polynomial 0x04c11db7, no reflection, initial value 0.
const OGG_CRC = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 24;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

/**
 * Makes an Ogg file look like a cut-off stream capture: the last page loses its end-of-stream
 * flag (checksum redone so decoders keep the page) and junk follows it, so a tag reader that
 * takes the length from the final page's granule position finds none.
 */
async function cutOggStream(path: string): Promise<void> {
  const bytes = await readFile(path);
  let offset = 0;
  let last = 0;
  while (offset < bytes.length) {
    last = offset;
    const segments = bytes[offset + 26] ?? 0;
    let size = 27 + segments;
    for (let i = 0; i < segments; i += 1) size += bytes[offset + 27 + i] ?? 0;
    offset += size;
  }
  const page = bytes.subarray(last);
  page[5] = (page[5] ?? 0) & ~0x04;
  page.writeUInt32LE(0, 22);
  page.writeUInt32LE(oggCrc(page), 22);
  await writeFile(path, Buffer.concat([bytes, Buffer.alloc(64)]));
}

/**
 * Makes a FLAC file look written to a pipe: the muxer fills in STREAMINFO's total samples and
 * MD5 by seeking back at the end, so a non-seekable output keeps the zeros written first.
 * Done on the file rather than with a pipe so that every ffmpeg (4.1 from npm too) makes it.
 */
async function clearFlacTotal(path: string): Promise<void> {
  const bytes = await readFile(path);
  // "fLaC", the STREAMINFO block header (4 bytes), then 10 bytes of block and frame sizes, then
  // 64 bits: sample rate (20), channels (3), bits per sample (5), total samples (36); then MD5.
  const packed = 4 + 4 + 10;
  if (bytes.toString('latin1', 0, 4) !== 'fLaC') throw new Error(`${path} is not FLAC`);
  bytes[packed + 3] = (bytes[packed + 3] ?? 0) & 0xf0;
  bytes.fill(0, packed + 4, packed + 8 + 16);
  await writeFile(path, bytes);
}

/**
 * Writes a sine tone of the given kind to `file` (give it KIND_EXTENSION[kind]) and then the
 * tags, as a tagger would, with mutagen.
 */
export async function writeTaggedAudio(file: string, options: TaggedAudioOptions): Promise<void> {
  const { kind, seconds = 1, frequency = 440, tags = {}, id3Version = 4 } = options;
  await writeTone(file, { seconds, frequency, args: ENCODER_ARGS[kind] });
  await writeTags(file, kind, tagSpec(kind, tags, id3Version));
  if (kind === 'ogg-no-eos') await cutOggStream(file);
  if (kind === 'flac-no-total') await clearFlacTotal(file);
}
