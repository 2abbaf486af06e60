import { artistIdentityKey, artistSearchKey } from '../../domain/artist-keys';
import { foldText } from '../../domain/search-text';
import type { TestApp } from '../helpers/test-app';

/**
 * A radio test catalogue written as rows (no audio on disk: the radio reads rows only, and
 * playback is not what these tests exercise). Twelve artists with one album of eight tracks
 * each: artists 0-5 play Deep House (2010s, ~122 BPM), 6-11 Techno (1990s, ~140 BPM); even
 * artists share a label. Then what a member must never meet: a hidden album, an album tagged
 * "Secret" and an album in a second library, all Deep House so that they would fit.
 */

export const ARTISTS = 12;
export const TRACKS_PER_ALBUM = 8;

export interface AlbumRows {
  collectionId: number;
  artistId: number;
  artistName: string;
  genre: string;
  fileIds: number[];
}

export interface RadioCatalogue {
  albums: AlbumRows[];
  hidden: AlbumRows;
  secret: AlbumRows;
  otherLibrary: AlbumRows;
  /** The second library's id (a role with libraries [] does not see it). */
  libraryId: number;
  /** Every file's artist id, to check the diversity rule. */
  artistOf: Map<number, number>;
}

const NOW = '2026-01-01T00:00:00.000Z';
let made = 0;

async function addArtist(t: TestApp, name: string): Promise<number> {
  const row = await t.db
    .insertInto('artists')
    .values({
      name,
      name_key: artistIdentityKey(name),
      search_text: artistSearchKey(name, null),
      created_at: NOW,
    })
    .returning('artist_id')
    .executeTakeFirstOrThrow();
  return Number(row.artist_id);
}

interface AlbumSpec {
  artist: string;
  genre: string;
  label: string;
  year: number;
  bpm: number;
  tags?: string[];
  hidden?: boolean;
  libraryId?: number | null;
  tracks?: number;
}

/** One album of one artist, with its terms, artist links, files and audio rows. */
export async function addAlbum(t: TestApp, spec: AlbumSpec): Promise<AlbumRows> {
  made += 1;
  const artistId = await addArtist(t, spec.artist);
  const refs = JSON.stringify([{ artistId, artistName: spec.artist }]);
  const tags = spec.tags ?? [];
  const date = `${spec.year}-05-01`;
  const name = `${spec.artist} Album ${made}`;
  const collection = await t.db
    .insertInto('collections')
    .values({
      name,
      hidden: spec.hidden ? 1 : 0,
      tags: JSON.stringify(tags),
      price: null,
      image_hash: null,
      added_at: NOW,
      artists: JSON.stringify([spec.artist]),
      artist_refs: refs,
      label: spec.label,
      genres: JSON.stringify([spec.genre]),
      release_date: date,
      search_text: foldText(name),
      library_id: spec.libraryId ?? null,
    })
    .returning('collection_id')
    .executeTakeFirstOrThrow();
  const collectionId = Number(collection.collection_id);
  const terms = [
    { kind: 'genre' as const, value: spec.genre },
    { kind: 'label' as const, value: spec.label },
    { kind: 'artist' as const, value: spec.artist },
    ...tags.map((value) => ({ kind: 'tag' as const, value })),
  ];
  await t.db
    .insertInto('collection_terms')
    .values(
      terms.map((term) => ({
        ...term,
        collection_id: collectionId,
        value_key: foldText(term.value),
      })),
    )
    .execute();
  await t.db
    .insertInto('collection_artists')
    .values({ collection_id: collectionId, position: 0, artist_id: artistId })
    .execute();
  const fileIds: number[] = [];
  for (let n = 1; n <= (spec.tracks ?? TRACKS_PER_ALBUM); n += 1) {
    const file = await t.db
      .insertInto('files')
      .values({
        collection_id: collectionId,
        path: `/radio/${made}/${n}.flac`,
        relative_path: `${n}.flac`,
        size: 1000,
        modified_at: NOW,
        added_at: NOW,
      })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    const fileId = Number(file.file_id);
    fileIds.push(fileId);
    await t.db
      .insertInto('audio')
      .values({
        file_id: fileId,
        title: `${spec.artist} ${n}`,
        artists: JSON.stringify([spec.artist]),
        artist_refs: refs,
        album: name,
        label: spec.label,
        release_date: date,
        genres: JSON.stringify([spec.genre]),
        bpm: spec.bpm + n,
        format: 'flac',
        duration: 180,
        track_number: n,
        loudness: -9,
      })
      .execute();
    await t.db
      .insertInto('track_artists')
      .values({ file_id: fileId, position: 0, artist_id: artistId })
      .execute();
  }
  return { collectionId, artistId, artistName: spec.artist, genre: spec.genre, fileIds };
}

export async function createRadioCatalogue(t: TestApp): Promise<RadioCatalogue> {
  const albums: AlbumRows[] = [];
  for (let i = 0; i < ARTISTS; i += 1) {
    const house = i < ARTISTS / 2;
    albums.push(
      await addAlbum(t, {
        artist: `Artist ${String(i).padStart(2, '0')}`,
        genre: house ? 'Deep House' : 'Techno',
        label: i % 2 === 0 ? 'Even Label' : `Label ${i}`,
        year: house ? 2015 + (i % 3) : 1993 + (i % 3),
        bpm: house ? 118 : 136,
      }),
    );
  }
  const library = await t.db
    .insertInto('libraries')
    .values({ name: 'Second', path: '/radio-second-library', created_at: NOW })
    .returning('library_id')
    .executeTakeFirstOrThrow();
  const libraryId = Number(library.library_id);
  const house = { genre: 'Deep House', label: 'Even Label', year: 2016, bpm: 118 };
  const hidden = await addAlbum(t, { ...house, artist: 'Hidden Artist', hidden: true });
  const secret = await addAlbum(t, { ...house, artist: 'Secret Artist', tags: ['Secret'] });
  const otherLibrary = await addAlbum(t, { ...house, artist: 'Elsewhere Artist', libraryId });
  const artistOf = new Map<number, number>();
  for (const album of [...albums, hidden, secret, otherLibrary])
    for (const id of album.fileIds) artistOf.set(id, album.artistId);
  return { albums, hidden, secret, otherLibrary, libraryId, artistOf };
}

/** Plays written straight to `listens` (one per user and file), as the history helper records. */
export async function addListens(
  t: TestApp,
  plays: ReadonlyArray<{ userId: number; fileId: number; collectionId: number }>,
): Promise<void> {
  let second = 0;
  await t.db
    .insertInto('listens')
    .values(
      plays.map((play) => ({
        user_id: play.userId,
        file_id: play.fileId,
        collection_id: play.collectionId,
        played_at: new Date(Date.now() - 3_600_000 + (second += 1) * 1000)
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
        client: 'web',
        duration_ms: 180_000,
      })),
    )
    .execute();
}
