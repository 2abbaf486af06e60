import type { Bookmark, BookmarkInput } from '../../../domain/bookmarks';
import type { Caller } from '../../access/caller';
import { mayUsePodcasts } from '../../access/podcasts';
import { nowIso } from '../../db/database';
import { NotFound } from '../../errors';
import type { MediaContexts } from '../media';
import type { PodcastsService } from '../podcasts';
import type { BookmarksRepository, FileBookmarkRow } from './bookmarks.repository';

/** Rows "Continue listening" and getBookmarks answer at most. */
const MAX_BOOKMARKS = 200;

/**
 * Where a user left a long track or an episode (issue 49), the same for the web app and
 * Subsonic apps. A file's bookmark follows the file's visibility (one the caller may not see
 * answers 404); an episode's position is the podcasts module's, read through its service.
 */
export class BookmarksService {
  constructor(
    private readonly repos: { bookmarks: BookmarksRepository },
    private readonly contexts: MediaContexts,
    private readonly podcasts: PodcastsService,
  ) {}

  async saveFile(caller: Caller, fileId: number, input: BookmarkInput): Promise<void> {
    await this.contexts.forFile(caller, fileId);
    await this.repos.bookmarks.save(
      caller.userId,
      fileId,
      input.positionMs,
      input.comment ?? null,
      nowIso(),
    );
  }

  async deleteFile(caller: Caller, fileId: number): Promise<void> {
    if (!(await this.repos.bookmarks.delete(caller.userId, fileId)))
      throw new NotFound('Bookmark not found');
  }

  fileRows(caller: Caller): Promise<FileBookmarkRow[]> {
    return this.repos.bookmarks.list(caller, MAX_BOOKMARKS);
  }

  /** "Continue listening": files and unfinished episodes together, newest first. */
  async list(caller: Caller): Promise<Bookmark[]> {
    const files = (await this.fileRows(caller)).map((row): Bookmark => ({
      kind: 'file',
      id: row.file_id,
      title: row.title,
      parent: row.album,
      parentId: row.collection_id,
      positionMs: row.position_ms,
      durationMs: Math.round(row.duration * 1000),
      comment: row.comment,
      updatedAt: row.updated_at,
    }));
    const episodes = mayUsePodcasts(caller)
      ? (await this.podcasts.inProgress(caller, MAX_BOOKMARKS)).map((row): Bookmark => ({
          kind: 'episode',
          id: row.episode_id,
          title: row.title,
          parent: row.podcast,
          parentId: row.feed_id,
          positionMs: row.position_ms,
          durationMs: row.duration_seconds === null ? null : row.duration_seconds * 1000,
          comment: row.comment,
          updatedAt: row.updated_at,
        }))
      : [];
    return [...files, ...episodes]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, MAX_BOOKMARKS);
  }
}
