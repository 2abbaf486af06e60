import { SearchFilterSchema } from '../../../domain/collection';
import { foldText, queryWords } from '../../../domain/search-text';
import {
  intParam,
  type SubsonicCalls,
  type SubsonicContext,
  type SubsonicPayload,
} from './subsonic-call';
import { annotateSongs } from './subsonic-annotations';
import { PageCursors } from './subsonic-library-cursors';
import { SubsonicSearchRepository, type SyncKind } from './subsonic-library-search.repository';
import { toAlbumDirectory, toSubsonicSong, type SubsonicSong } from './subsonic-shapes';
import { albumsFor, artistsFor, songsFor, requireSubsonicBrowse } from './subsonic-songs';

const MAX_COUNT = 500;
/** Collections read per step when looking for songs matching a text query. */
const SONG_SCAN_BATCH = 100;
/** At most this many matching collections are looked through for songs. */
const SONG_SCAN_LIMIT = 2000;

const cursors = new PageCursors<number>();

interface Page {
  count: number;
  offset: number;
}

function pageOf(ctx: SubsonicContext, kind: SyncKind | 'song'): Page {
  return {
    count: intParam(ctx.params, `${kind}Count`, 20, 0, MAX_COUNT),
    offset: intParam(ctx.params, `${kind}Offset`, 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

/**
 * A page of the whole visible library in id order. The page that continues one served before
 * starts after its last id; any other page counts its offset.
 */
async function syncPage(ctx: SubsonicContext, kind: SyncKind, page: Page): Promise<number[]> {
  const search = new SubsonicSearchRepository(ctx.deps.db);
  return cursors.page(
    ctx.deps.db,
    ctx.caller.userId,
    `sync-${kind}`,
    { offset: page.offset, size: page.count },
    (after, limit, offset) =>
      after === undefined
        ? search.syncIdsAt(kind, offset, limit, ctx.caller)
        : search.syncIdsAfter(kind, after, limit, ctx.caller),
    (id) => id,
  );
}

/** The songs of the sync: rows read with the page itself, then the caller's stars and ratings. */
async function syncSongs(ctx: SubsonicContext, page: Page): Promise<SubsonicSong[]> {
  const search = new SubsonicSearchRepository(ctx.deps.db);
  const rows = await cursors.page(
    ctx.deps.db,
    ctx.caller.userId,
    'sync-song',
    { offset: page.offset, size: page.count },
    (after, limit, offset) => search.syncSongs({ after, offset, limit }, ctx.caller),
    (row) => Number(row.file_id),
  );
  return annotateSongs(ctx.deps, ctx.caller, rows.map(toSubsonicSong));
}

/** Collections matching the query, best first, as the web app's search ranks them. */
async function matchingCollectionIds(ctx: SubsonicContext, query: string, page: Page) {
  if (page.count === 0) return [];
  const search = ctx.deps.repositories.search;
  const filter = SearchFilterSchema.parse({
    query: query.slice(0, 500),
    offset: page.offset,
    limit: page.count,
  });
  const result = await search.search(filter, ctx.caller);
  return result.rows.map((row) => Number(row.collection_id));
}

const songText = (song: SubsonicSong): string =>
  ` ${foldText([song.title, song.displayArtist, song.album, song.displayAlbumArtist].join(' '))}`;

/**
 * Songs whose title, artists or album hold every word of the query (as word prefixes, like
 * the web search). Their collections are found by the web app's collection search, whose text
 * holds the track titles and artists, then their songs are matched word by word.
 */
async function matchingSongs(ctx: SubsonicContext, words: string[], query: string, page: Page) {
  const found: SubsonicSong[] = [];
  const want = page.offset + page.count;
  const search = new SubsonicSearchRepository(ctx.deps.db);
  for (let at = 0; at < SONG_SCAN_LIMIT && found.length < want; at += SONG_SCAN_BATCH) {
    const ids = await matchingCollectionIds(ctx, query, { offset: at, count: SONG_SCAN_BATCH });
    const rows = await search.songsOfCollections(ids, ctx.caller);
    const order = new Map(ids.map((id, index) => [id, index]));
    const songs = rows
      .map(toSubsonicSong)
      .filter((song) => words.every((w) => songText(song).includes(` ${w}`)))
      .sort(
        (a, b) => order.get(Number(a.albumId.slice(3)))! - order.get(Number(b.albumId.slice(3)))!,
      );
    found.push(...songs);
    if (ids.length < SONG_SCAN_BATCH) break;
  }
  const ids = found.slice(page.offset, want).map((song) => Number(song.id));
  return songsFor(ctx.deps, ctx.caller, ids);
}

/** The artists, albums and songs of search2/search3, loaded through the shared loaders. */
async function searchResult(ctx: SubsonicContext) {
  requireSubsonicBrowse(ctx.caller);
  const query = ctx.params.get('query') ?? '';
  const words = queryWords(query);
  const artistPage = pageOf(ctx, 'artist');
  const albumPage = pageOf(ctx, 'album');
  const songPage = pageOf(ctx, 'song');
  const { deps, caller } = ctx;
  // No words (an empty query, or `""` as apps send it): everything, in a stable order.
  if (words.length === 0) {
    const [artistIds, albumIds] = await Promise.all([
      syncPage(ctx, 'artist', artistPage),
      syncPage(ctx, 'album', albumPage),
    ]);
    const [artists, albums, songs] = await Promise.all([
      artistsFor(deps, caller, artistIds),
      albumsFor(deps, caller, albumIds),
      syncSongs(ctx, songPage),
    ]);
    return { artists, albums, songs };
  }
  const artistRows =
    artistPage.count === 0
      ? []
      : await deps.repositories.artists.search(query, caller, artistPage.offset + artistPage.count);
  const artistIds = artistRows.slice(artistPage.offset).map((row) => Number(row.artist_id));
  const [artists, albums, songs] = await Promise.all([
    artistsFor(deps, caller, artistIds),
    matchingCollectionIds(ctx, query, albumPage).then((ids) => albumsFor(deps, caller, ids)),
    songPage.count === 0 ? [] : matchingSongs(ctx, words, query, songPage),
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
