import { foldText } from '../../../domain/search-text';
import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import { PageCursors } from './library-page-cursors';
import type {
  AlbumCursor,
  AlbumList,
  AlbumListType,
  LibraryListsRepository,
  SongFilter,
} from './library-lists.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  libraryLists: LibraryListsRepository;
}

/** A page of an album list; byYear reads the years, byGenre the genre (as typed). */
export interface AlbumListRequest {
  list: AlbumList;
  size: number;
  offset: number;
  fromYear?: number;
  toYear?: number;
  genre?: string;
}

/** What random songs are drawn from: a genre (as typed) and a range of years. */
export interface SongDraw {
  genre?: string;
  fromYear?: number;
  toYear?: number;
}

/** Lists whose order is a key the next page can continue after (see PageCursors). */
const KEYSET: readonly AlbumListType[] = ['alphabeticalByName'];

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

/**
 * Album and song lists as apps ask for them (Subsonic's getAlbumList2, getRandomSongs,
 * getSongsByGenre): ids in list order, only what server/access lets the viewer see.
 */
export class LibraryListsService {
  private readonly cursors = new PageCursors<AlbumCursor>();

  constructor(private readonly repos: Repositories) {}

  /** A page of an album list; starred and highest are the viewer's own stars and ratings. */
  async albumIds(request: AlbumListRequest, viewer: Caller): Promise<number[]> {
    requireBrowse(viewer);
    const lists = this.repos.libraryLists;
    const { list, size, offset } = request;
    if (list === 'random') {
      return drawRandom(
        size,
        await lists.idRange('collections'),
        (ids) => lists.visibleAlbumIds(ids, viewer),
        (exclude, limit) => lists.randomAlbumIds(viewer, exclude, limit),
      );
    }
    const query = {
      type: list,
      userId: viewer.userId,
      fromYear: request.fromYear,
      toYear: request.toYear,
      genreKey: list === 'byGenre' ? foldText(request.genre ?? '') : undefined,
    };
    if (!KEYSET.includes(list))
      return (await lists.albumPage(query, viewer, size, offset)).map((row) => row.id);
    const rows = await this.cursors.page(
      viewer.userId,
      list,
      { offset, size },
      (after, limit, from) => lists.albumPage(query, viewer, limit, from, after),
      (row) => row,
    );
    return rows.map((row) => row.id);
  }

  /** `size` songs drawn at random among the visible ones passing the filter. */
  async randomSongIds(size: number, draw: SongDraw, viewer: Caller): Promise<number[]> {
    requireBrowse(viewer);
    const lists = this.repos.libraryLists;
    const filter: SongFilter = {
      genreKey: draw.genre ? foldText(draw.genre) : undefined,
      fromYear: draw.fromYear,
      toYear: draw.toYear,
    };
    return drawRandom(
      size,
      await lists.idRange('files'),
      (ids) => lists.matchingSongIds(ids, filter, viewer),
      (exclude, limit) => lists.randomSongIds(filter, viewer, exclude, limit),
    );
  }

  /** Songs of a genre (compared folded), newest collection first, then track order. */
  songIdsByGenre(genre: string, count: number, offset: number, viewer: Caller): Promise<number[]> {
    requireBrowse(viewer);
    return this.repos.libraryLists.songIdsByGenre(foldText(genre), viewer, count, offset);
  }
}
