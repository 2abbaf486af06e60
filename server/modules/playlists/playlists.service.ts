import type { z } from 'zod';
import type {
  Playlist,
  PlaylistAddResult,
  PlaylistCreateSchema,
  PlaylistEditSchema,
  PlaylistWithEntries,
} from '../../../domain/playlist';
import { BadRequest, NotFound, Refused } from '../../errors';
import type { Caller } from '../../access/caller';
import { FILE_NOT_FOUND, requireBrowse } from '../../access/collections';
import {
  assertMayChangePlaylist,
  assertMayListPlaylistsOf,
  assertMayReadPlaylist,
  assertMaySetEditorial,
  PLAYLIST_NOT_FOUND,
} from '../../access/playlists';
import { isPublic, toWireEntry, toWirePlaylist } from './playlist-mapper';
import type {
  PlaylistColumns,
  PlaylistDates,
  PlaylistRow,
  PlaylistsRepository,
} from './playlists.repository';

type CreateInput = z.infer<typeof PlaylistCreateSchema>;
type EditInput = z.infer<typeof PlaylistEditSchema>;

/** Playlists and likes: only the owner or an administrator changes a playlist. */
export class PlaylistsService {
  constructor(private readonly repo: PlaylistsRepository) {}

  async listOwn(caller: Caller): Promise<Playlist[]> {
    const rows = await this.repo.listOwn(caller.userId, caller);
    return rows.map(toWirePlaylist);
  }

  /** What phone apps list (Subsonic getPlaylists): one's own, then others' public ones. */
  async listReadable(caller: Caller): Promise<Playlist[]> {
    const [own, shared] = await Promise.all([
      this.repo.listOwn(caller.userId, caller),
      this.repo.listSharedByOthers(caller.userId, caller),
    ]);
    return [...own, ...shared].map(toWirePlaylist);
  }

  /** Another user's own playlists, private ones included: for administrators. */
  async listOwnedBy(userId: number, caller: Caller): Promise<Playlist[]> {
    assertMayListPlaylistsOf(caller, userId);
    return (await this.repo.listOwn(userId, caller)).map(toWirePlaylist);
  }

  async create(input: CreateInput, caller: Caller): Promise<Playlist> {
    const id = await this.repo.create(caller.userId, {
      title: input.title,
      description: input.description,
      public: input.public ? 1 : 0,
      kind: 'user',
    });
    return this.summary(id, caller);
  }

  async get(id: number, caller: Caller): Promise<PlaylistWithEntries> {
    requireBrowse(caller);
    const row = await this.readable(id, caller);
    const entries = (await this.repo.entries(row.playlist_id, caller))
      .map((entry) => toWireEntry(entry, caller))
      .filter((entry) => entry !== null);
    return { ...(await this.summary(id, caller)), entries };
  }

  async edit(id: number, input: EditInput, caller: Caller): Promise<Playlist> {
    const row = await this.writable(id, caller);
    const columns: PlaylistColumns = {};
    if (row.kind === 'liked') {
      // The liked playlist is the like button's store: it keeps its name and stays private.
      if (input.title !== undefined || input.public === true || input.editorial === true) {
        throw new Refused('The liked playlist cannot be renamed, made public or editorial');
      }
    }
    if (input.editorial !== undefined) assertMaySetEditorial(caller);
    if (input.title !== undefined) columns.title = input.title;
    if (input.description !== undefined) columns.description = input.description;
    if (input.public !== undefined) columns.public = input.public ? 1 : 0;
    if (input.editorial === true) {
      columns.kind = 'editor';
      columns.public = 1;
    } else if (input.editorial === false && row.kind === 'editor') {
      columns.kind = 'user';
    } else if (input.public === false && row.kind === 'editor') {
      throw new Refused('An editorial playlist is always public; unset editorial first');
    }
    await this.repo.update(row.playlist_id, columns);
    return this.summary(id, caller);
  }

  async delete(id: number, caller: Caller): Promise<void> {
    const row = await this.writable(id, caller);
    if (row.kind === 'liked') throw new Refused('The liked playlist cannot be deleted');
    await this.repo.delete(row.playlist_id);
  }

  /**
   * Appends visible audio files not yet present. An id that does not exist or is not visible
   * refuses the whole request (404, nothing added); non-audio files (a cue, a cover) are skipped
   * because a whole collection may be added at once.
   */
  async addFiles(id: number, ids: number[], caller: Caller): Promise<PlaylistAddResult> {
    requireBrowse(caller);
    const row = await this.writable(id, caller);
    const wanted = [...new Set(ids)];
    const found = new Map(
      (await this.repo.visibleFiles(wanted, caller)).map((f) => [f.file_id, f.has_audio]),
    );
    const missing = wanted.find((fileId) => !found.has(fileId));
    // Every service's one file 404: naming no id, a hidden file answers like any missing one.
    if (missing !== undefined) throw new NotFound(FILE_NOT_FOUND);
    const present = new Set(await this.repo.fileIds(row.playlist_id));
    const fresh = wanted.filter((fileId) => found.get(fileId) === 1 && !present.has(fileId));
    await this.repo.append(row.playlist_id, fresh);
    return { ...(await this.summary(id, caller)), added: fresh.length };
  }

  /**
   * Sets the order: the listed files first, in the given order, then any others (those the
   * caller cannot see or left out) in their old order. A file listed twice or not in the
   * playlist refuses the whole request (400, nothing moves).
   */
  async reorder(id: number, ids: number[], caller: Caller): Promise<Playlist> {
    const row = await this.writable(id, caller);
    if (new Set(ids).size !== ids.length) throw new BadRequest('A file is listed twice');
    const current = await this.repo.fileIds(row.playlist_id);
    const present = new Set(current);
    const stranger = ids.find((fileId) => !present.has(fileId));
    if (stranger !== undefined) throw new BadRequest(`File ${stranger} is not in the playlist`);
    const listed = new Set(ids);
    await this.repo.setOrder(row.playlist_id, [
      ...ids,
      ...current.filter((fileId) => !listed.has(fileId)),
    ]);
    return this.summary(id, caller);
  }

  async removeFile(id: number, fileId: number, caller: Caller): Promise<Playlist> {
    const row = await this.writable(id, caller);
    if (!(await this.repo.remove(row.playlist_id, fileId))) {
      throw new NotFound('This file is not in the playlist');
    }
    return this.summary(id, caller);
  }

  /** File ids of the caller's liked playlist (those they may still see), for the like button. */
  likedIds(caller: Caller): Promise<number[]> {
    const liked = caller.user.liked_playlist;
    return liked === null ? Promise.resolve([]) : this.repo.visibleFileIds(liked, caller);
  }

  /** When playlists the caller was given were made and last changed, by playlist id. */
  dates(playlists: readonly Pick<Playlist, 'playlistId'>[]): Promise<Map<number, PlaylistDates>> {
    return this.repo.dates(playlists.map((p) => p.playlistId));
  }

  private async summary(id: number, caller: Caller): Promise<Playlist> {
    const row = await this.repo.summary(id, caller);
    if (row === undefined) throw new NotFound(PLAYLIST_NOT_FOUND);
    return toWirePlaylist(row);
  }

  /** Someone else's private playlist answers 404 like an unknown one: its existence stays private. */
  private async readable(id: number, caller: Caller): Promise<PlaylistRow> {
    const row = await this.repo.find(id);
    if (row === undefined) throw new NotFound(PLAYLIST_NOT_FOUND);
    assertMayReadPlaylist(caller, row, isPublic(row));
    return row;
  }

  /** Readable but not theirs: 403; not readable: 404. */
  private async writable(id: number, caller: Caller): Promise<PlaylistRow> {
    const row = await this.readable(id, caller);
    assertMayChangePlaylist(caller, row);
    return row;
  }
}
