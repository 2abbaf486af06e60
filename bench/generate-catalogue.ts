// Fills a fresh SQLite database with a synthetic catalogue (rows only, no audio files) for the
// benchmarks: N collections with 10 tracks each, their filter terms and full-text rows.
import SqliteDatabase from 'better-sqlite3';
import { artistIdentityKey, artistSearchKey } from '../domain/artist-keys';
import { foldText } from '../domain/search-text';

const WORDS = [
  'night',
  'harbour',
  'glass',
  'river',
  'signal',
  'paper',
  'copper',
  'velvet',
  'static',
  'summer',
  'winter',
  'echo',
  'garden',
  'concrete',
  'ember',
  'tidal',
  'neon',
  'hollow',
  'silver',
  'lantern',
  'drift',
  'orbit',
  'meadow',
  'pulse',
  'shadow',
  'canyon',
  'mirror',
  'fable',
  'ribbon',
  'thunder',
];
const FIRST = [
  'Mira',
  'Koji',
  'Elin',
  'Dax',
  'Nadia',
  'Beatrix',
  'Tomas',
  'Aiko',
  'Lena',
  'Omar',
  'Ines',
  'Pavel',
  'Zoe',
  'Rafael',
  'Sana',
  'Björn',
];
const LAST = [
  'Vale',
  'Tanabe',
  'Sørensen',
  'Okoro',
  'Quist',
  'Moreno',
  'Havel',
  'Ito',
  'Berg',
  'Haddad',
  'Costa',
  'Novak',
  'Reyes',
  'Lind',
  'Mori',
  'Adler',
];
const GENRES = [
  'Ambient',
  'Electronic',
  'House',
  'Techno',
  'Drum & Bass',
  'Dubstep',
  'Hip Hop',
  'Jazz',
  'Rock',
  'Pop',
  'Classical',
  'Folk',
  'Soul',
  'Reggae',
  'Metal',
  'Downtempo',
];
const TAGS = ['New', 'Featured', 'Staff Picks', 'Chill', 'Club'];
const FORMATS = ['FLAC', 'MP3', 'AAC', 'OGG'];

/** A small fast deterministic generator so every run measures the same catalogue. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateCatalogue(
  file: string,
  collections: number,
  tracksPer = 10,
): { files: number } {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const random = rng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const artistsPool = Array.from(
    { length: 4000 },
    (_, i) =>
      `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= 256 ? ` ${i}` : ''}`,
  );
  const labelsPool = Array.from(
    { length: 600 },
    (_, i) =>
      `${pick(WORDS).replace(/^./, (c) => c.toUpperCase())} ${['Records', 'Audio', 'Tapes', 'Music'][i % 4]} ${i}`,
  );

  // Artists as the import writes them: rows, links in credit order and the JSON copies.
  const insertArtist = db.prepare(
    'INSERT INTO artists (artist_id, name, name_key, search_text, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  artistsPool.forEach((name, i) =>
    insertArtist.run(
      i + 1,
      name,
      artistIdentityKey(name),
      artistSearchKey(name, null),
      '2024-01-01T00:00:00.000Z',
    ),
  );
  const artistRefs = (names: string[]): string =>
    JSON.stringify(
      names.map((name) => ({ artistId: artistsPool.indexOf(name) + 1, artistName: name })),
    );
  const insertTrackArtist = db.prepare(
    'INSERT INTO track_artists (file_id, position, artist_id) VALUES (?, ?, ?)',
  );
  const insertCollectionArtist = db.prepare(
    'INSERT INTO collection_artists (collection_id, position, artist_id) VALUES (?, ?, ?)',
  );
  const insertCollection =
    db.prepare(`INSERT INTO collections (collection_id, name, hidden, tags, price, description, added_at, artists, label, genres, bpm, release_date, duration, format, bitrate, search_text, download_count, play_count, artist_refs)
    VALUES (?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertTerm = db.prepare(
    'INSERT OR IGNORE INTO collection_terms (collection_id, kind, value, value_key) VALUES (?, ?, ?, ?)',
  );
  const insertFts = db.prepare(
    'INSERT INTO collections_fts (rowid, name, people, tracks) VALUES (?, ?, ?, ?)',
  );
  const insertFile = db.prepare(
    `INSERT INTO files (file_id, collection_id, path, relative_path, size, modified_at, added_at, download_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAudio =
    db.prepare(`INSERT INTO audio (file_id, title, artists, label, release_date, genres, bpm, format, bitrate, sample_rate, bit_depth, duration, track_number, play_count, disc_number, artist_refs)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 44100, 16, ?, ?, ?, 1, ?)`);

  let fileId = 0;
  const batch = db.transaction((from: number, to: number) => {
    for (let id = from; id < to; id += 1) {
      const name = `${pick(WORDS)} ${pick(WORDS)}`.replace(/\b\w/g, (c) => c.toUpperCase());
      const artists =
        random() < 0.15 ? [pick(artistsPool), pick(artistsPool)] : [pick(artistsPool)];
      const label = pick(labelsPool);
      const genres = random() < 0.3 ? [pick(GENRES), pick(GENRES)] : [pick(GENRES)];
      const tags = random() < 0.4 ? [pick(TAGS)] : [];
      const bpm = 60 + Math.floor(random() * 120);
      const date = `${1990 + Math.floor(random() * 36)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const format = pick(FORMATS);
      const titles = Array.from({ length: tracksPer }, () => `${pick(WORDS)} ${pick(WORDS)}`);
      const people = foldText([...artists, label].join(' '));
      const tracks = foldText(titles.join(' '));
      insertCollection.run(
        id,
        name,
        random() < 0.01 ? 1 : 0,
        JSON.stringify(tags),
        random() < 0.2 ? 999 : null,
        new Date(Date.UTC(2020, 0, 1) + id * 60000).toISOString(),
        JSON.stringify(artists),
        label,
        JSON.stringify(genres),
        bpm,
        date,
        tracksPer * 240,
        format,
        900000,
        `${foldText(name)} ${people} ${tracks}`,
        Math.floor(random() * 100),
        Math.floor(random() * 1000),
        artistRefs(artists),
      );
      artists.forEach((artist, position) =>
        insertCollectionArtist.run(id, position, artistsPool.indexOf(artist) + 1),
      );
      insertFts.run(id, foldText(name), people, tracks);
      for (const tag of tags) insertTerm.run(id, 'tag', tag, foldText(tag));
      for (const genre of genres) insertTerm.run(id, 'genre', genre, foldText(genre));
      for (const artist of artists) insertTerm.run(id, 'artist', artist, foldText(artist));
      insertTerm.run(id, 'label', label, foldText(label));
      titles.forEach((title, n) => {
        fileId += 1;
        insertFile.run(
          fileId,
          id,
          `/bench/${id}/${n}.flac`,
          `${n}.flac`,
          30_000_000,
          '2024-01-01T00:00:00.000Z',
          '2024-01-01T00:00:00.000Z',
          Math.floor(random() * 50),
        );
        insertAudio.run(
          fileId,
          title,
          JSON.stringify(artists),
          label,
          date,
          JSON.stringify(genres),
          bpm,
          format,
          900000,
          240,
          n + 1,
          Math.floor(random() * 500),
          artistRefs(artists),
        );
        artists.forEach((artist, position) =>
          insertTrackArtist.run(fileId, position, artistsPool.indexOf(artist) + 1),
        );
      });
    }
  });
  for (let from = 1; from <= collections; from += 5000)
    batch(from, Math.min(collections + 1, from + 5000));
  db.pragma('optimize');
  db.close();
  return { files: fileId };
}
