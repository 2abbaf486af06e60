/**
 * The bookmarks module's front door (decision 0055). The repository appears as a type only, for
 * the composition root (server/root/) to hand an instance across.
 */
export type { BookmarksService } from './bookmarks.service';
export type { BookmarksRepository, FileBookmarkRow } from './bookmarks.repository';
export { bookmarksRoutes } from './bookmarks.routes';
