import type { Lyrics } from '../../domain/lyrics';
import type { TrackInfo } from '../../server/media/audio-tags';
import { KIND_EXTENSION, type TaggedAudioKind, type TrackTags } from './tagged-audio';

/** One key per file of the real-world library. */
export type TrackKey =
  | 'disc1Track1'
  | 'disc1Track2'
  | 'disc2Track1'
  | 'disc2Track2'
  | 'compilationFlac'
  | 'compilationM4a'
  | 'compilationMp3'
  | 'splitFirst'
  | 'splitSecond'
  | 'ampersand'
  | 'slashV23'
  | 'duet'
  | 'featDisplayOnly'
  | 'cutOggStream'
  | 'pipedFlac'
  | 'oggFlac'
  | 'embeddedPlain'
  | 'embeddedSynced'
  | 'sidecarOverEmbedded';

/** An artist with the sort name and MusicBrainz id Picard writes. */
export const SORTABLES = {
  name: 'The Sortables',
  sortName: 'Sortables, The',
  mbid: '5b11f4ce-a62d-471e-81fc-a69a8278c7da',
};

/** One file: how it is written, and what it must read as. */
export interface TrackPlan {
  path: string;
  kind: TaggedAudioKind;
  seconds: number;
  tags: TrackTags;
  id3Version?: 3 | 4;
  info: Partial<TrackInfo>;
  lyrics?: Lyrics | null;
  /** Written beside the audio as is (already encoded). */
  sidecar?: { name: string; bytes: Buffer };
}

const credit = (name: string, sortName: string | null = null, mbid: string | null = null) => ({
  name,
  sortName,
  mbid,
});

/** UTF-16 LE with its byte-order mark, as Windows editors save "Unicode" text. */
const utf16le = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

function twoDiscAlbum(): Record<string, TrackPlan> {
  const album = 'Double Feature';
  const track = (disc: 1 | 2, no: 1 | 2, file: string, title: string): TrackPlan => {
    const subtitle = disc === 1 ? 'The Day' : 'The Night';
    return {
      // Named so that a sort by path alone puts disc 2 ("A...", "B...") before disc 1.
      path: `Sortables - Double Feature/${file}.mp3`,
      kind: 'mp3',
      seconds: 1 + no * 0.25,
      tags: {
        title,
        album,
        artists: [SORTABLES.name],
        artistSort: [SORTABLES.sortName],
        artistMbids: [SORTABLES.mbid],
        albumArtists: [SORTABLES.name],
        albumArtistSort: [SORTABLES.sortName],
        albumArtistMbids: [SORTABLES.mbid],
        trackNumber: no,
        discNumber: disc,
        discTotal: 2,
        discSubtitle: subtitle,
        date: '2019-05-03',
        replayGain: { trackGain: '-6.50 dB', trackPeak: '0.891251', albumGain: '-7.25 dB' },
      },
      info: {
        title,
        album,
        artists: [SORTABLES.name],
        artistCredits: [credit(SORTABLES.name, SORTABLES.sortName, SORTABLES.mbid)],
        albumArtist: SORTABLES.name,
        albumArtistCredits: [credit(SORTABLES.name, SORTABLES.sortName, SORTABLES.mbid)],
        compilation: false,
        trackNumber: no,
        discNumber: disc,
        discCount: 2,
        discSubtitle: subtitle,
        trackGain: -6.5,
        // 20 * log10(0.891251) = -1.00 dBFS
        trackPeak: -1,
        albumGain: -7.25,
        albumPeak: null,
        format: 'MP3',
      },
    };
  };
  return {
    disc2Track1: track(2, 1, 'A1 Night Opens', 'Night Opens'),
    disc2Track2: track(2, 2, 'B2 Night Closes', 'Night Closes'),
    disc1Track1: track(1, 1, 'C1 Day Opens', 'Day Opens'),
    disc1Track2: track(1, 2, 'D2 Day Closes', 'Day Closes'),
  };
}

function compilation(): Record<string, TrackPlan> {
  const album = 'Summer Hits';
  const track = (
    kind: TaggedAudioKind,
    file: string,
    no: number,
    artist: string,
    title: string,
  ): TrackPlan => ({
    path: `Summer Hits/${file}${KIND_EXTENSION[kind]}`,
    kind,
    seconds: 1,
    tags: { title, album, artists: [artist], trackNumber: no, compilation: true },
    info: {
      title,
      album,
      artists: [artist],
      artistCredits: [credit(artist)],
      albumArtist: null,
      albumArtistCredits: [],
      compilation: true,
      trackNumber: no,
      discNumber: null,
    },
  });
  return {
    compilationFlac: track('flac', '01 Alpha Singer - Sunrise', 1, 'Alpha Singer', 'Sunrise'),
    compilationM4a: track('m4a', '02 Beta Band - Noon', 2, 'Beta Band', 'Noon'),
    compilationMp3: track('mp3', '03 Gamma Trio - Sunset', 3, 'Gamma Trio', 'Sunset'),
  };
}

/** One album tag, two artists, no album artist and no compilation flag. */
function splitSingle(): Record<string, TrackPlan> {
  const album = 'Split Single';
  const track = (file: string, no: number, artist: string, title: string): TrackPlan => ({
    path: `Split Single/${file}.ogg`,
    kind: 'ogg',
    seconds: 1,
    tags: { title, album, artists: [artist], trackNumber: no },
    info: {
      title,
      album,
      artists: [artist],
      albumArtist: null,
      albumArtistCredits: [],
      compilation: false,
      trackNumber: no,
      format: 'OGG',
    },
  });
  return {
    splitFirst: track('1 Delta - Side A', 1, 'Delta', 'Side A'),
    splitSecond: track('2 Epsilon - Side B', 2, 'Epsilon', 'Side B'),
  };
}

/** Names that hold separators, and several artists only where the tag has several values. */
function artistNames(): Record<string, TrackPlan> {
  return {
    ampersand: {
      path: 'Singles/Ampersand & Sons - Together.flac',
      kind: 'flac',
      seconds: 1,
      tags: { title: 'Together', album: 'Together', artists: ['Ampersand & Sons'] },
      info: { artists: ['Ampersand & Sons'], artistCredits: [credit('Ampersand & Sons')] },
    },
    slashV23: {
      // ID3v2.3, where music-metadata splits TPE1 on "/".
      path: 'Singles/Up-Down - Both Ways.mp3',
      kind: 'mp3',
      id3Version: 3,
      seconds: 1,
      tags: { title: 'Both Ways', album: 'Both Ways', artists: ['Up/Down'] },
      info: { artists: ['Up/Down'], artistCredits: [credit('Up/Down')] },
    },
    duet: {
      path: 'Singles/Duet.mp3',
      kind: 'mp3',
      seconds: 1,
      tags: { title: 'Duet', album: 'Duet', artists: ['First Voice', 'Second Voice'] },
      info: {
        artists: ['First Voice', 'Second Voice'],
        artistCredits: [credit('First Voice'), credit('Second Voice')],
      },
    },
    featDisplayOnly: {
      path: 'Singles/Lead feat. Guest - Together Again.m4a',
      kind: 'm4a',
      seconds: 1,
      tags: { title: 'Together Again', album: 'Together Again', artists: ['Lead feat. Guest'] },
      info: { artists: ['Lead feat. Guest'], artistCredits: [credit('Lead feat. Guest')] },
    },
  };
}

/** Playable files whose header has no length: the import measures them. */
function noDurationHeaders(): Record<string, TrackPlan> {
  const track = (kind: TaggedAudioKind, file: string, seconds: number, title: string) => ({
    path: `Unheadered/${file}${KIND_EXTENSION[kind]}`,
    kind,
    seconds,
    tags: {
      title,
      album: 'Unheadered',
      artists: ['Stream Artist'],
      albumArtists: ['Stream Artist'],
    },
    info: { title, album: 'Unheadered', artists: ['Stream Artist'] },
  });
  return {
    cutOggStream: track('ogg-no-eos', '01 Cut Stream', 3, 'Cut Stream'),
    pipedFlac: track('flac-no-total', '02 Piped', 2.5, 'Piped'),
    oggFlac: track('ogg-flac', '03 Ogg Flac', 2, 'Ogg Flac'),
  };
}

function lyricsTracks(): Record<string, TrackPlan> {
  const tags = (title: string, no: number): TrackTags => ({
    title,
    album: 'Words',
    artists: ['Lyricist'],
    albumArtists: ['Lyricist'],
    trackNumber: no,
  });
  const sidecarText =
    '[ar:Lyricist]\r\n[ti:Sidecar]\r\n[00:01.00]From the sidecar\r\n[00:02.50]Ünïcödé line\r\n';
  return {
    embeddedPlain: {
      path: 'Words/01 Plain.mp3',
      kind: 'mp3',
      seconds: 1,
      tags: { ...tags('Plain', 1), lyrics: 'First line\nSecond line' },
      info: {},
      lyrics: { synced: false, lines: [{ text: 'First line' }, { text: 'Second line' }] },
    },
    embeddedSynced: {
      path: 'Words/02 Synced.mp3',
      kind: 'mp3',
      seconds: 2,
      tags: {
        ...tags('Synced', 2),
        syncedLyrics: [
          { text: 'Hello', ms: 500 },
          { text: 'World', ms: 1500 },
        ],
      },
      info: {},
      lyrics: {
        synced: true,
        lines: [
          { startMs: 500, text: 'Hello' },
          { startMs: 1500, text: 'World' },
        ],
      },
    },
    sidecarOverEmbedded: {
      path: 'Words/03 Sidecar.mp3',
      kind: 'mp3',
      seconds: 3,
      tags: { ...tags('Sidecar', 3), lyrics: 'Embedded words that lose' },
      info: {},
      // The sidecar's name differs in case from the audio's.
      sidecar: { name: '03 sidecar.LRC', bytes: utf16le(sidecarText) },
      lyrics: {
        synced: true,
        lines: [
          { startMs: 1000, text: 'From the sidecar' },
          { startMs: 2500, text: 'Ünïcödé line' },
        ],
      },
    },
  };
}

/**
 * Every file of the real-world library, with the tags it is written with and what it must read
 * as, in writing order (each file's tone frequency follows from its place).
 */
export function trackPlans(): Record<TrackKey, TrackPlan> {
  return {
    ...twoDiscAlbum(),
    ...compilation(),
    ...splitSingle(),
    ...artistNames(),
    ...noDurationHeaders(),
    ...lyricsTracks(),
  } as Record<TrackKey, TrackPlan>;
}
