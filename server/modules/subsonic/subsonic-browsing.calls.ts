import { requireBrowse } from '../../access/collections';
import { foldText } from '../../../domain/search-text';
import {
  intParam,
  requiredParam,
  SubsonicError,
  type SubsonicCalls,
  type SubsonicContext,
  type SubsonicHandler,
  type SubsonicPayload,
} from './subsonic-call';
import { parseRef, parseRefOf } from './subsonic-ids';
import { toAlbumDirectory, toSubsonicArtist, type SubsonicArtist } from './subsonic-shapes';
import { albumsFor, artistsFor, songsFor } from './subsonic-songs';

/** Articles left out when artists are sorted into letters ("The Beatles" under B). */
export const IGNORED_ARTICLES = 'The El La Los Las Le Les';
const ARTICLE = new RegExp(`^(${IGNORED_ARTICLES.split(' ').join('|')})\\s+`, 'i');

const notFound = (): never => {
  throw new SubsonicError(70, 'Not found');
};

/** Every library call needs the browse right first (error 50 otherwise). */
const library =
  (handler: SubsonicHandler): SubsonicHandler =>
  (ctx) => {
    requireBrowse(ctx.caller);
    return handler(ctx);
  };

/** What an artist is sorted by: its sort name, else its name without a leading article. */
const sortKey = (artist: SubsonicArtist): string =>
  foldText(artist.sortName ?? artist.name.replace(ARTICLE, ''));

/** Artists grouped by the first letter of their sort key ("#" for anything else), in order. */
function artistIndex(artists: SubsonicArtist[]) {
  const keyed = artists
    .map((artist) => ({ artist, key: sortKey(artist) }))
    .sort((a, b) => a.key.localeCompare(b.key) || a.artist.name.localeCompare(b.artist.name));
  const groups = new Map<string, SubsonicArtist[]>();
  for (const { artist, key } of keyed) {
    const first = key.charAt(0).toUpperCase();
    const letter = /^\p{L}$/u.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), artist]);
  }
  return [...groups].map(([name, artist]) => ({ name, artist }));
}

async function indexedArtists(ctx: SubsonicContext) {
  const rows = await ctx.deps.services.libraryIndex.artistIndex(ctx.caller);
  return artistIndex(rows.map(toSubsonicArtist));
}

async function albumWithSongs(ctx: SubsonicContext, collectionId: number) {
  const [album] = await albumsFor(ctx.deps, ctx.caller, [collectionId]);
  if (album === undefined) return notFound();
  const ids = await ctx.deps.services.libraryIndex.songIdsOfAlbum(collectionId, ctx.caller);
  return { album, songs: await songsFor(ctx.deps, ctx.caller, ids) };
}

async function artistWithAlbums(ctx: SubsonicContext, artistId: number) {
  const [artist] = await artistsFor(ctx.deps, ctx.caller, [artistId]);
  if (artist === undefined) return notFound();
  const ids = await ctx.deps.services.libraryIndex.albumIdsOfArtist(artistId, ctx.caller);
  return { artist, albums: await albumsFor(ctx.deps, ctx.caller, ids) };
}

/** Sparse artist info: no biography or images, the MusicBrainz id when the tags gave one. */
async function artistInfo(ctx: SubsonicContext, element: string): Promise<SubsonicPayload> {
  const id = parseRefOf(requiredParam(ctx.params, 'id'), 'artist');
  const [artist] = await artistsFor(ctx.deps, ctx.caller, [id]);
  if (artist === undefined) return notFound();
  const info = { biography: '', musicBrainzId: artist.musicBrainzId };
  if (info.musicBrainzId === undefined) delete info.musicBrainzId;
  return { [element]: info };
}

/** Sparse album info (getAlbumInfo takes the album id here too): empty notes. */
async function albumInfo(ctx: SubsonicContext): Promise<SubsonicPayload> {
  const id = parseRefOf(requiredParam(ctx.params, 'id'), 'album');
  const [album] = await albumsFor(ctx.deps, ctx.caller, [id]);
  return album === undefined ? notFound() : { albumInfo: { notes: '' } };
}

export const browsingCalls: SubsonicCalls = {
  getIndexes: library(async (ctx) => {
    const added = await ctx.deps.services.libraryIndex.lastAdded(ctx.caller);
    const lastModified = added === null ? 0 : Date.parse(added);
    const since = intParam(ctx.params, 'ifModifiedSince', 0, 0, Number.MAX_SAFE_INTEGER);
    const indexes = { ignoredArticles: IGNORED_ARTICLES, lastModified };
    if (since > 0 && lastModified <= since) return { indexes };
    return { indexes: { ...indexes, index: await indexedArtists(ctx) } };
  }),

  getArtists: library(async (ctx) => ({
    artists: { ignoredArticles: IGNORED_ARTICLES, index: await indexedArtists(ctx) },
  })),

  getMusicDirectory: library(async (ctx) => {
    const ref = parseRef(requiredParam(ctx.params, 'id'));
    if (ref.kind === 'artist') {
      const { artist, albums } = await artistWithAlbums(ctx, ref.id);
      const child = albums.map(toAlbumDirectory);
      return { directory: { id: artist.id, name: artist.name, child } };
    }
    if (ref.kind === 'album') {
      const { album, songs } = await albumWithSongs(ctx, ref.id);
      const directory = { id: album.id, parent: album.artistId, name: album.name, child: songs };
      if (album.artistId === undefined) delete directory.parent;
      return { directory };
    }
    return notFound();
  }),

  getGenres: library(async (ctx) => {
    const rows = await ctx.deps.services.libraryIndex.genres(ctx.caller);
    const genre = rows.map((row) => ({
      value: row.value,
      songCount: Number(row.song_count),
      albumCount: Number(row.album_count),
    }));
    return { genres: { genre } };
  }),

  getArtist: library(async (ctx) => {
    const { artist, albums } = await artistWithAlbums(
      ctx,
      parseRefOf(requiredParam(ctx.params, 'id'), 'artist'),
    );
    return { artist: { ...artist, album: albums } };
  }),

  getAlbum: library(async (ctx) => {
    const { album, songs } = await albumWithSongs(
      ctx,
      parseRefOf(requiredParam(ctx.params, 'id'), 'album'),
    );
    return { album: { ...album, song: songs } };
  }),

  getSong: library(async (ctx) => {
    const id = parseRefOf(requiredParam(ctx.params, 'id'), 'song');
    const [song] = await songsFor(ctx.deps, ctx.caller, [id]);
    return song === undefined ? notFound() : { song };
  }),

  getArtistInfo2: library((ctx) => artistInfo(ctx, 'artistInfo2')),
  getArtistInfo: library((ctx) => artistInfo(ctx, 'artistInfo')),
  getAlbumInfo2: library(albumInfo),
  getAlbumInfo: library(albumInfo),
  // getTopSongs, getSimilarSongs and getSimilarSongs2: the radio (subsonic-radio.calls.ts).
};
