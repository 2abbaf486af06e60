import type { ArtistCredit } from '../../server/media/artist-credits';
import type { TrackInfo } from '../../server/media/audio-tags';
import { buildRepositories } from '../../server/root/repositories';
import type { TestApp } from '../helpers/test-app';

/*
 * A catalogue written through the app's own import writes (collections, files, tags, then the
 * derived search text, terms and FTS rows), the same on every database it is given: names
 * with accents, CJK, emoji and punctuation, shared words at every position, hidden releases
 * and a blacklisted tag, so that search, filters, artist indexes and genres can be compared.
 */

const NAMES = [
  'Night Harbour',
  'Nightfall',
  'Björk’s Garden',
  'Café del Mar: Ñu',
  'Sørensen & Søn',
  '東京 Nights',
  '東京タワー',
  '夜の海 (Night Sea)',
  '🌙 Moon Songs 🌙',
  'Rock & Roll!!!',
  'A-ha? Take On Me',
  'Déjà Vu',
  'deja vu (remix)',
  'Über Alles',
  'Ünder the Sea',
  'Œuvre Complète',
  'Straße 42',
  'Ελληνικά Τραγούδια',
  'Русская Ночь',
  'naïve',
  'N',
  '!!!',
  'İstanbul',
  'Ł Łódź',
  'Nirvana Night',
];
const ARTISTS = [
  'Björk',
  'Sigur Rós',
  'Mötley Crüe',
  '坂本龍一',
  'Ólafur Arnalds',
  'AC/DC',
  'The Beatles',
  '!!!',
  'Beyoncé',
  'Émilie Simon',
  'Ryūichi',
  'ZZ Top',
];
const GENRES = ['Hip-Hop', 'hip hop', 'Électronique', 'J-Pop', 'Rock', 'Drum & Bass', '民謡'];
const LABELS = ['Sello Azul', 'Ça Va Records', 'エイベックス', 'Copper/Tape'];
const TITLES = [
  'Night Drive',
  'Ola',
  'Über',
  'Ängel',
  '雨',
  'Zürich',
  'Nacht',
  'Tokyo 東京',
  'Ünicode 🎵',
];

/** A name for the tag some roles blacklist. */
export const SECRET_TAG = 'Secrét';

const credit = (name: string): ArtistCredit => ({ name, sortName: null, mbid: null });

function track(index: number, at: number, title: string): TrackInfo {
  const artists = [
    ARTISTS[index % ARTISTS.length]!,
    ...(at === 1 ? [ARTISTS[(index + 5) % ARTISTS.length]!] : []),
  ];
  return {
    title,
    artists,
    artistCredits: artists.map(credit),
    album: NAMES[index % NAMES.length]!,
    albumArtist: artists[0]!,
    albumArtistCredits: [credit(artists[0]!)],
    compilation: false,
    label: LABELS[index % LABELS.length]!,
    genres: [
      GENRES[index % GENRES.length]!,
      ...(index % 3 === 0 ? [GENRES[(index + 2) % GENRES.length]!] : []),
    ],
    bpm: 90 + ((index * 7) % 60),
    releaseDate: `${1990 + (index % 30)}-0${1 + (index % 9)}-1${index % 10}`,
    trackNumber: at + 1,
    discNumber: 1,
    discCount: 1,
    discSubtitle: null,
    trackGain: null,
    trackPeak: null,
    albumGain: null,
    albumPeak: null,
    lyrics: null,
    format: 'FLAC',
    codec: 'flac',
    bitrate: 900,
    sampleRate: 44100,
    bitDepth: 16,
    duration: 180 + at,
    cover: null,
  };
}

/** Writes `count` collections of three tracks each; answers their ids in order. */
export async function writeParityCatalogue(t: TestApp, count = 60): Promise<number[]> {
  const repo = buildRepositories(t.db, t.config.database.kind).catalogueWrite;
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `${NAMES[index % NAMES.length]!}${index < NAMES.length ? '' : ` ${index}`}`;
    const id = await repo.createCollection({
      name,
      folder: `parity/${index}`,
      importKey: `parity-${index}`,
      imageHash: null,
    });
    for (let at = 0; at < 3; at += 1) {
      const title = `${TITLES[(index + at) % TITLES.length]!} ${at}`;
      const path = `/music/parity/${index}/${at}.flac`;
      const fileId = await repo.addFile({
        collectionId: id,
        path,
        relativePath: `${index}/${at}.flac`,
        size: 1000,
        modifiedAt: '2024-01-01T00:00:00.000Z',
        imageHash: null,
      });
      await repo.addAudio(fileId, track(index, at, title));
    }
    await repo.refreshAggregates(id);
    const tags = [index % 4 === 0 ? SECRET_TAG : 'Open', index % 5 === 0 ? 'Live' : 'Studio'];
    await repo.setTags(id, tags);
    if (index % 11 === 3)
      await repo.updateStoreFields(id, { price: null, hidden: true, description: '' });
    ids.push(id);
  }
  return ids;
}
