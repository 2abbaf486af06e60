import { foldText } from '../../../domain/search-text';
import type { Visibility } from '../../access/collections';
import {
  intParam,
  requiredParam,
  SubsonicError,
  type SubsonicCalls,
  type SubsonicContext,
  type SubsonicParams,
} from './subsonic-call';
import { PageCursors } from './subsonic-library-cursors';
import {
  SubsonicListsRepository,
  type AlbumCursor,
  type AlbumListType,
  type SongFilter,
} from './subsonic-library-lists.repository';
import { toAlbumDirectory } from './subsonic-shapes';
import { albumsFor, songsFor, requireSubsonicBrowse } from './subsonic-songs';

const LIST_TYPES: readonly string[] = [
  'random',
  'newest',
  'frequent',
  'recent',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'starred',
  'highest',
  'byYear',
  'byGenre',
] satisfies readonly (AlbumListType | 'random')[];

/** Lists whose order is a key the next page can continue after (see PageCursors). */
const KEYSET: readonly AlbumListType[] = ['alphabeticalByName'];
const cursors = new PageCursors<AlbumCursor>();

const optionalInt = (params: SubsonicParams, name: string): number | undefined =>
  params.get(name) ? intParam(params, name, 0, 0, 9999) : undefined;

/**
 * `count` visible ids drawn at random: ids picked in the id range and kept if they exist and
 * are visible (an index lookup each), with a random sort of the matching rows as the last
 * resort when picks keep missing. Never a sort of the whole table when the library is dense.
 */
export async function drawRandom(
  count: number,
  range: { low: number; high: number } | null,
  keep: (candidates: number[]) => Promise<number[]>,
  rest: (exclude: number[], limit: number) => Promise<number[]>,
): Promise<number[]> {
  const picked = new Set<number>();
  if (range === null || count === 0) return [];
  const span = range.high - range.low + 1;
  for (let round = 0; round < 4 && picked.size < count; round += 1) {
    const want = Math.min(span, (count - picked.size) * 3 + 10);
    const candidates = new Set<number>();
    while (candidates.size < want) candidates.add(range.low + Math.floor(Math.random() * span));
    for (const id of await keep([...candidates].filter((id) => !picked.has(id)))) {
      if (picked.size < count) picked.add(id);
    }
  }
  if (picked.size < count)
    for (const id of await rest([...picked], count - picked.size)) picked.add(id);
  return [...picked];
}

async function albumListIds(ctx: SubsonicContext): Promise<number[]> {
  const { params, caller, deps } = ctx;
  const type = requiredParam(params, 'type');
  if (!LIST_TYPES.includes(type)) throw new SubsonicError(0, `Unknown list type: ${type}`);
  const size = intParam(params, 'size', 10, 0, 500);
  const offset = intParam(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const lists = new SubsonicListsRepository(deps.db);
  if (type === 'random') {
    return drawRandom(
      size,
      await lists.idRange('collections'),
      (ids) => lists.visibleAlbumIds(ids, caller),
      (exclude, limit) => lists.randomAlbumIds(caller, exclude, limit),
    );
  }
  const listType = type as AlbumListType;
  if (listType === 'byYear') {
    requiredParam(params, 'fromYear');
    requiredParam(params, 'toYear');
  }
  const query = {
    type: listType,
    userId: caller.userId,
    fromYear: optionalInt(params, 'fromYear'),
    toYear: optionalInt(params, 'toYear'),
    genreKey: listType === 'byGenre' ? foldText(requiredParam(params, 'genre')) : undefined,
  };
  if (!KEYSET.includes(listType))
    return (await lists.albumPage(query, caller, size, offset)).map((row) => row.id);
  const rows = await cursors.page(
    deps.db,
    caller.userId,
    type,
    { offset, size },
    (after, limit, from) => lists.albumPage(query, caller, limit, from, after),
    (row) => row,
  );
  return rows.map((row) => row.id);
}

function songFilter(params: SubsonicParams): SongFilter {
  const genre = params.get('genre');
  return {
    genreKey: genre ? foldText(genre) : undefined,
    fromYear: optionalInt(params, 'fromYear'),
    toYear: optionalInt(params, 'toYear'),
  };
}

async function randomSongIds(ctx: SubsonicContext, viewer: Visibility): Promise<number[]> {
  const size = intParam(ctx.params, 'size', 10, 0, 500);
  const filter = songFilter(ctx.params);
  const lists = new SubsonicListsRepository(ctx.deps.db);
  return drawRandom(
    size,
    await lists.idRange('files'),
    (ids) => lists.matchingSongIds(ids, filter, viewer),
    (exclude, limit) => lists.randomSongIds(filter, viewer, exclude, limit),
  );
}

export const listsCalls: SubsonicCalls = {
  getAlbumList2: async (ctx) => {
    requireSubsonicBrowse(ctx.caller);
    const album = await albumsFor(ctx.deps, ctx.caller, await albumListIds(ctx));
    return { albumList2: { album } };
  },

  getAlbumList: async (ctx) => {
    requireSubsonicBrowse(ctx.caller);
    const albums = await albumsFor(ctx.deps, ctx.caller, await albumListIds(ctx));
    return { albumList: { album: albums.map(toAlbumDirectory) } };
  },

  getRandomSongs: async (ctx) => {
    requireSubsonicBrowse(ctx.caller);
    const ids = await randomSongIds(ctx, ctx.caller);
    return { randomSongs: { song: await songsFor(ctx.deps, ctx.caller, ids) } };
  },

  getSongsByGenre: async (ctx) => {
    requireSubsonicBrowse(ctx.caller);
    const genreKey = foldText(requiredParam(ctx.params, 'genre'));
    const count = intParam(ctx.params, 'count', 10, 0, 500);
    const offset = intParam(ctx.params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const lists = new SubsonicListsRepository(ctx.deps.db);
    const ids = await lists.songIdsByGenre(genreKey, ctx.caller, count, offset);
    return { songsByGenre: { song: await songsFor(ctx.deps, ctx.caller, ids) } };
  },
};
