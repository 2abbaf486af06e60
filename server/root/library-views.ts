import { LibraryIndexService } from '../modules/catalogue/library-index.service';
import { LibraryListsService } from '../modules/catalogue/library-lists.service';
import { LibrarySearchService } from '../modules/catalogue/library-search.service';
import { AppPlaysService } from '../modules/scrobbling/app-plays.service';
import type { Repositories } from './repositories';

/**
 * The library as apps list it (Subsonic's browsing, lists, search and sync) and what they
 * report playing: services of the catalogue and scrobbling modules that /rest calls (issue 45),
 * once kept by modules/subsonic as repositories of its own. Services (services.ts) takes them in.
 */
export interface LibraryViews {
  /** Songs, albums and artists by id, the artist index, genres, similar songs. */
  libraryIndex: LibraryIndexService;
  /** Album lists (newest, starred, by year, random...), random songs, songs of a genre. */
  libraryLists: LibraryListsService;
  /** Text search of albums and songs, and the whole library page by page (sync). */
  librarySearch: LibrarySearchService;
  /** Plays apps report (counters, now playing) beside the listens of ListensService. */
  appPlays: AppPlaysService;
}

/** Builds the library views once at start over the repositories of the root. */
export function buildLibraryViews(repositories: Repositories): LibraryViews {
  return {
    libraryIndex: new LibraryIndexService(repositories),
    libraryLists: new LibraryListsService(repositories),
    librarySearch: new LibrarySearchService(repositories),
    appPlays: new AppPlaysService(repositories),
  };
}
