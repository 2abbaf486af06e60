import type { ArtistRef } from '../../../domain/artist-ref';
import { SearchFilterSchema } from '../../../domain/collection';
import { foldText, queryWords } from '../../../domain/search-text';
import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import { parseJson } from '../../db/database';
import type { LibrarySongRow } from './library-items.repository';
import { PageCursors } from './library-page-cursors';
import type { LibrarySyncRepository, SyncKind } from './library-sync.repository';
import type { SearchRepository } from './search.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  librarySync: LibrarySyncRepository;
  search: SearchRepository;
}

/** A page of a listing: `count` rows from `offset`. */
export interface LibraryPage {
  count: number;
  offset: number;
}

/** Collections read per step when looking for songs matching a text query. */
const SONG_SCAN_BATCH = 100;
/** At most this many matching collections are looked through for songs. */
const SONG_SCAN_LIMIT = 2000;

const names = (json: string): string[] =>
  parseJson<ArtistRef[]>(json, []).map((ref) => ref.artistName);

/** What a song is found by: title, artists, album and album artists, folded like search. */
function songText(row: LibrarySongRow): string {
  const credited = names(row.artist_refs);
  const artist = (credited.length > 0 ? credited : parseJson<string[]>(row.artists, [])).join(', ');
  const albumArtist = names(row.album_artist_refs).join(', ') || artist;
  return ` ${foldText([row.title, artist, row.album_name, albumArtist].join(' '))}`;
}

/**
 * Text search and sync as apps do them (Subsonic's search3): collections ranked as the web
 * app's search ranks them, their songs matched word by word, and the whole visible library
 * page by page in id order when there is no query. Needs the browse right.
 */
export class LibrarySearchService {
  private readonly cursors = new PageCursors<number>();

  constructor(private readonly repos: Repositories) {}

  /**
   * A page of the whole visible library's albums or artists in id order. The page that
   * continues one served before starts after its last id; any other page counts its offset.
   */
  syncIds(kind: SyncKind, page: LibraryPage, viewer: Caller): Promise<number[]> {
    requireBrowse(viewer);
    const sync = this.repos.librarySync;
    return this.cursors.page(
      viewer.userId,
      `sync-${kind}`,
      { offset: page.offset, size: page.count },
      (after, limit, offset) =>
        after === undefined
          ? sync.syncIdsAt(kind, offset, limit, viewer)
          : sync.syncIdsAfter(kind, after, limit, viewer),
      (id) => id,
    );
  }

  /** A page of the whole visible library's songs in id order, read with their rows. */
  syncSongs(page: LibraryPage, viewer: Caller): Promise<LibrarySongRow[]> {
    requireBrowse(viewer);
    return this.cursors.page(
      viewer.userId,
      'sync-song',
      { offset: page.offset, size: page.count },
      (after, limit, offset) => this.repos.librarySync.syncSongs({ after, offset, limit }, viewer),
      (row) => Number(row.file_id),
    );
  }

  /** Collections matching the query, best first, as the web app's search ranks them. */
  async albumIds(query: string, page: LibraryPage, viewer: Caller): Promise<number[]> {
    requireBrowse(viewer);
    if (page.count === 0) return [];
    const filter = SearchFilterSchema.parse({
      query: query.slice(0, 500),
      offset: page.offset,
      limit: page.count,
    });
    const result = await this.repos.search.search(filter, viewer);
    return result.rows.map((row) => Number(row.collection_id));
  }

  /**
   * Songs whose title, artists or album hold every word of the query (as word prefixes, like
   * the web search). Their collections are found by the collection search, whose text holds
   * the track titles and artists, then their songs are matched word by word.
   */
  async songs(query: string, page: LibraryPage, viewer: Caller): Promise<LibrarySongRow[]> {
    requireBrowse(viewer);
    const words = queryWords(query);
    if (page.count === 0 || words.length === 0) return [];
    const found: LibrarySongRow[] = [];
    const want = page.offset + page.count;
    for (let at = 0; at < SONG_SCAN_LIMIT && found.length < want; at += SONG_SCAN_BATCH) {
      const ids = await this.albumIds(query, { offset: at, count: SONG_SCAN_BATCH }, viewer);
      const rows = await this.repos.librarySync.songsOfCollections(ids, viewer);
      const order = new Map(ids.map((id, index) => [id, index]));
      const rank = (row: LibrarySongRow) => order.get(Number(row.collection_id))!;
      found.push(
        ...rows
          .filter((row) => {
            const text = songText(row);
            return words.every((w) => text.includes(` ${w}`));
          })
          .sort((a, b) => rank(a) - rank(b)),
      );
      if (ids.length < SONG_SCAN_BATCH) break;
    }
    return found.slice(page.offset, want);
  }
}
