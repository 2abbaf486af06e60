import { requireBrowse } from '../../access/collections';
import { queryWords } from '../../../domain/search-text';
import type { LibraryPage, LibrarySongRow, SyncKind } from '../catalogue';
import {
  intParam,
  type SubsonicCalls,
  type SubsonicContext,
  type SubsonicPayload,
} from './subsonic-call';
import { annotateSongs } from './subsonic-annotations';
import { toAlbumDirectory, toSubsonicSong } from './subsonic-shapes';
import { albumsFor, artistsFor } from './subsonic-songs';

const MAX_COUNT = 500;

function pageOf(ctx: SubsonicContext, kind: SyncKind | 'song'): LibraryPage {
  return {
    count: intParam(ctx.params, `${kind}Count`, 20, 0, MAX_COUNT),
    offset: intParam(ctx.params, `${kind}Offset`, 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** The artists, albums and songs of search2/search3, loaded through the shared loaders. */
async function searchResult(ctx: SubsonicContext) {
  requireBrowse(ctx.caller);
  const query = ctx.params.get('query') ?? '';
  const artistPage = pageOf(ctx, 'artist');
  const albumPage = pageOf(ctx, 'album');
  const songPage = pageOf(ctx, 'song');
  const { deps, caller } = ctx;
  const { librarySearch, artists: artistsService } = deps.services;
  // Songs come with their rows; then the caller's stars and ratings, like every song answer.
  const songsOf = (rows: LibrarySongRow[]) => annotateSongs(deps, caller, rows.map(toSubsonicSong));
  // No words (an empty query, or `""` as apps send it): everything, in a stable order.
  if (queryWords(query).length === 0) {
    const [artistIds, albumIds] = await Promise.all([
      librarySearch.syncIds('artist', artistPage, caller),
      librarySearch.syncIds('album', albumPage, caller),
    ]);
    const [artists, albums, songs] = await Promise.all([
      artistsFor(deps, caller, artistIds),
      albumsFor(deps, caller, albumIds),
      librarySearch.syncSongs(songPage, caller).then(songsOf),
    ]);
    return { artists, albums, songs };
  }
  const artistRows =
    artistPage.count === 0
      ? []
      : await artistsService.search(query, artistPage.offset + artistPage.count, caller);
  const artistIds = artistRows.slice(artistPage.offset).map((row) => row.artistId);
  const [artists, albums, songs] = await Promise.all([
    artistsFor(deps, caller, artistIds),
    librarySearch.albumIds(query, albumPage, caller).then((ids) => albumsFor(deps, caller, ids)),
    librarySearch.songs(query, songPage, caller).then(songsOf),
  ]);
  return { artists, albums, songs };
}

/** Leaves empty lists out, as Subsonic servers do (`searchResult3: {}` when nothing matches). */
function result(parts: Record<string, unknown[]>): SubsonicPayload {
  return Object.fromEntries(Object.entries(parts).filter(([, list]) => list.length > 0));
}

export const searchCalls: SubsonicCalls = {
  search3: async (ctx) => {
    const { artists, albums, songs } = await searchResult(ctx);
    return { searchResult3: result({ artist: artists, album: albums, song: songs }) };
  },

  search2: async (ctx) => {
    const { artists, albums, songs } = await searchResult(ctx);
    const artist = artists.map(({ id, name }) => ({ id, name }));
    const album = albums.map(toAlbumDirectory);
    return { searchResult2: result({ artist, album, song: songs }) };
  },
};
