import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import type { GenreRow, LibraryBrowseRepository } from './library-browse.repository';
import { LibraryIndexCache } from './library-index-cache';
import type {
  DiscTitleRow,
  LibraryAlbumRow,
  LibraryArtistRow,
  LibraryItemsRepository,
  LibrarySongRow,
} from './library-items.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  libraryItems: LibraryItemsRepository;
  libraryBrowse: LibraryBrowseRepository;
}

/** An album with its subtitled discs (OpenSubsonic discTitles). */
export interface LibraryAlbum {
  album: LibraryAlbumRow;
  discs: DiscTitleRow[];
}

/** Rows put back in the order of the ids asked for; ids with no row are dropped. */
function inOrder<T>(ids: readonly number[], rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

/**
 * The library as apps browse it (Subsonic's browsing calls): songs, albums and artists by id,
 * and the indexes that name them. Every read needs the browse right and sees only what
 * server/access lets the viewer see: an id they may not see reads as missing.
 */
export class LibraryIndexService {
  private readonly artistRows: LibraryIndexCache<LibraryArtistRow[]>;
  private readonly genreRows: LibraryIndexCache<GenreRow[]>;

  constructor(private readonly repos: Repositories) {
    const version = () => repos.libraryBrowse.version();
    this.artistRows = new LibraryIndexCache(version);
    this.genreRows = new LibraryIndexCache(version);
  }

  /** Songs by file id in the order given; hidden collections and blacklisted tags drop out. */
  async songs(fileIds: readonly number[], viewer: Caller): Promise<LibrarySongRow[]> {
    requireBrowse(viewer);
    const rows = await this.repos.libraryItems.songsByIds(unique(fileIds), viewer);
    return inOrder(fileIds, rows, (row) => Number(row.file_id));
  }

  /** Albums (collections) by id in the order given, with their disc titles. */
  async albums(collectionIds: readonly number[], viewer: Caller): Promise<LibraryAlbum[]> {
    requireBrowse(viewer);
    const ids = unique(collectionIds);
    const [rows, discs] = await Promise.all([
      this.repos.libraryItems.albumsByIds(ids, viewer),
      this.repos.libraryItems.discTitles(ids),
    ]);
    return inOrder(collectionIds, rows, (row) => Number(row.collection_id)).map((album) => ({
      album,
      discs: discs.filter((d) => Number(d.collection_id) === Number(album.collection_id)),
    }));
  }

  /** Artists by id in the order given, only those credited on a collection the viewer sees. */
  async artists(artistIds: readonly number[], viewer: Caller): Promise<LibraryArtistRow[]> {
    requireBrowse(viewer);
    const rows = await this.repos.libraryItems.artistsByIds(unique(artistIds), viewer);
    return inOrder(artistIds, rows, (row) => Number(row.artist_id));
  }

  /**
   * Every artist credited on a visible collection, with how many such collections: cached per
   * visibility rule and library version (the rows are shared: callers must not change them).
   */
  artistIndex(viewer: Caller): Promise<readonly LibraryArtistRow[]> {
    requireBrowse(viewer);
    return this.artistRows.get(viewer, () => this.repos.libraryBrowse.artistIndex(viewer));
  }

  /** When the visible library last gained a collection; null when it has none. */
  lastAdded(viewer: Caller): Promise<string | null> {
    requireBrowse(viewer);
    return this.repos.libraryBrowse.lastAdded(viewer);
  }

  /** The artist's visible collections, newest release first (like the web artist page). */
  albumIdsOfArtist(artistId: number, viewer: Caller): Promise<number[]> {
    requireBrowse(viewer);
    return this.repos.libraryBrowse.albumIdsOfArtist(artistId, viewer);
  }

  /** An album's songs in the web app's track order; none when the album is not visible. */
  songIdsOfAlbum(collectionId: number, viewer: Caller): Promise<number[]> {
    requireBrowse(viewer);
    return this.repos.libraryBrowse.songIdsOfAlbum(collectionId, viewer);
  }

  /** Genres of visible collections, with collection and song counts. */
  genres(viewer: Caller): Promise<readonly GenreRow[]> {
    requireBrowse(viewer);
    return this.genreRows.get(viewer, () => this.repos.libraryBrowse.genres(viewer));
  }
}
