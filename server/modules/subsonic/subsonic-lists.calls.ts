import { requireBrowse } from '../../access/collections';
import { ALBUM_LISTS, type AlbumList, type AlbumListRequest } from '../catalogue';
import {
  intParam,
  requiredParam,
  SubsonicError,
  type SubsonicCalls,
  type SubsonicContext,
  type SubsonicParams,
} from './subsonic-call';
import { toAlbumDirectory } from './subsonic-shapes';
import { albumsFor, songsFor } from './subsonic-songs';

const optionalInt = (params: SubsonicParams, name: string): number | undefined =>
  params.get(name) ? intParam(params, name, 0, 0, 9999) : undefined;

const isAlbumList = (type: string): type is AlbumList =>
  (ALBUM_LISTS as readonly string[]).includes(type);

/** getAlbumList(2)'s parameters as the album list they name (checked in Subsonic's order). */
function albumListOf(params: SubsonicParams): AlbumListRequest {
  const type = requiredParam(params, 'type');
  if (!isAlbumList(type)) throw new SubsonicError(0, `Unknown list type: ${type}`);
  const size = intParam(params, 'size', 10, 0, 500);
  const offset = intParam(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  if (type === 'random') return { list: type, size, offset };
  if (type === 'byYear') {
    requiredParam(params, 'fromYear');
    requiredParam(params, 'toYear');
  }
  return {
    list: type,
    size,
    offset,
    fromYear: optionalInt(params, 'fromYear'),
    toYear: optionalInt(params, 'toYear'),
    genre: type === 'byGenre' ? requiredParam(params, 'genre') : undefined,
  };
}

const albumListIds = ({ deps, caller, params }: SubsonicContext): Promise<number[]> =>
  deps.services.libraryLists.albumIds(albumListOf(params), caller);

export const listsCalls: SubsonicCalls = {
  getAlbumList2: async (ctx) => {
    requireBrowse(ctx.caller);
    const album = await albumsFor(ctx.deps, ctx.caller, await albumListIds(ctx));
    return { albumList2: { album } };
  },

  getAlbumList: async (ctx) => {
    requireBrowse(ctx.caller);
    const albums = await albumsFor(ctx.deps, ctx.caller, await albumListIds(ctx));
    return { albumList: { album: albums.map(toAlbumDirectory) } };
  },

  getRandomSongs: async (ctx) => {
    requireBrowse(ctx.caller);
    const size = intParam(ctx.params, 'size', 10, 0, 500);
    const draw = {
      genre: ctx.params.get('genre'),
      fromYear: optionalInt(ctx.params, 'fromYear'),
      toYear: optionalInt(ctx.params, 'toYear'),
    };
    const ids = await ctx.deps.services.libraryLists.randomSongIds(size, draw, ctx.caller);
    return { randomSongs: { song: await songsFor(ctx.deps, ctx.caller, ids) } };
  },

  getSongsByGenre: async (ctx) => {
    requireBrowse(ctx.caller);
    const genre = requiredParam(ctx.params, 'genre');
    const count = intParam(ctx.params, 'count', 10, 0, 500);
    const offset = intParam(ctx.params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const lists = ctx.deps.services.libraryLists;
    const ids = await lists.songIdsByGenre(genre, count, offset, ctx.caller);
    return { songsByGenre: { song: await songsFor(ctx.deps, ctx.caller, ids) } };
  },
};
