/**
 * The format-neutral tags the test audio is written with, and the frames, comments or atoms
 * each format gets for them (what write-tags.py hands to mutagen).
 */

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

/** How a kind of file holds its tags: the layouts write-tags.py knows. */
export type TagFormat = 'id3' | 'flac' | 'ogg-vorbis' | 'ogg-opus' | 'ogg-flac' | 'mp4';

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

/** The tags as write-tags.py takes them for a file of the given format. */
export function tagSpec(format: TagFormat, tags: TrackTags, id3Version: 3 | 4): unknown {
  if (format === 'id3') return { version: id3Version, frames: id3Frames(tags) };
  if (format === 'mp4') return { atoms: mp4Atoms(tags) };
  return { comments: vorbisComments(tags) };
}
