import {
  rulesOf,
  SMART_DEFAULT_CAP,
  type SmartDefinition,
  type SmartPlaylist,
  type SmartPlaylistParsed,
  type SmartPlaylistWithEntries,
} from '../../../domain/smart-playlist';
import type { PlaylistEntry } from '../../../domain/playlist';
import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import {
  assertMayChangeSmartPlaylist,
  assertMayReadSmartPlaylist,
  mayChangeSmartPlaylist,
  seesSmartPlaylists,
  SMART_PLAYLIST_NOT_FOUND,
} from '../../access/smart-playlists';
import { parseJson } from '../../db/database';
import { NotFound } from '../../errors';
import type { SmartPlaylistRow, SmartPlaylistsRepository } from './smart-playlists.repository';
import type { SmartTracksRepository } from './smart-tracks.repository';

interface Repositories {
  smartPlaylists: SmartPlaylistsRepository;
  smartTracks: SmartTracksRepository;
}

/** A smart playlist with the counts Subsonic lists it with. */
export interface SmartPlaylistCounted extends SmartPlaylist {
  trackCount: number;
  duration: number;
}

/**
 * Smart playlists (issue 48): stored rule sets evaluated when asked, never cached, so a list is
 * never stale. Per-user fields (plays, likes, favourites, ratings) are the owner's listening;
 * what a viewer sees of the result is always the viewer's own visibility.
 */
export class SmartPlaylistsService {
  constructor(
    private readonly repos: Repositories,
    /** The play-queue module's entries for file ids, in order, as the caller may see them. */
    private readonly entriesFor: (caller: Caller, fileIds: number[]) => Promise<PlaylistEntry[]>,
  ) {}

  async create(input: SmartPlaylistParsed, caller: Caller): Promise<number> {
    requireBrowse(caller);
    return this.repos.smartPlaylists.create(caller.userId, columnsOf(input));
  }

  async list(caller: Caller): Promise<SmartPlaylist[]> {
    requireBrowse(caller);
    const rows = await this.repos.smartPlaylists.listReadable(caller.userId);
    return rows.map((row) => toWire(row, caller));
  }

  /** The list with each one's track count and length for this caller (Subsonic getPlaylists). */
  async listCounted(caller: Caller): Promise<SmartPlaylistCounted[]> {
    if (!seesSmartPlaylists(caller)) return [];
    const list = await this.list(caller);
    const counted: SmartPlaylistCounted[] = [];
    for (const playlist of list) {
      const { count, duration } = await this.repos.smartTracks.count(
        definitionOf(playlist),
        { ownerId: playlist.userId, viewer: caller },
        playlist.limit ?? SMART_DEFAULT_CAP,
      );
      counted.push({ ...playlist, trackCount: count, duration });
    }
    return counted;
  }

  async get(id: number, caller: Caller): Promise<SmartPlaylistWithEntries> {
    requireBrowse(caller);
    const row = await this.readable(id, caller);
    const playlist = toWire(row, caller);
    const cap = playlist.limit ?? SMART_DEFAULT_CAP;
    // One more than the cap tells whether a playlist without a limit was cut.
    const ids = await this.repos.smartTracks.trackIds(
      definitionOf(playlist),
      { ownerId: playlist.userId, viewer: caller },
      playlist.limit === null ? cap + 1 : cap,
    );
    const entries = await this.entriesFor(caller, ids.slice(0, cap));
    return { ...playlist, entries, cap, truncated: ids.length > cap };
  }

  async edit(id: number, input: SmartPlaylistParsed, caller: Caller): Promise<number> {
    const row = await this.readable(id, caller);
    assertMayChangeSmartPlaylist(caller, row);
    await this.repos.smartPlaylists.update(row.smart_playlist_id, columnsOf(input));
    return row.smart_playlist_id;
  }

  async delete(id: number, caller: Caller): Promise<void> {
    const row = await this.readable(id, caller);
    assertMayChangeSmartPlaylist(caller, row);
    await this.repos.smartPlaylists.delete(row.smart_playlist_id);
  }

  /** Another user's private one answers 404 like an unknown id. */
  private async readable(id: number, caller: Caller): Promise<SmartPlaylistRow> {
    const row = await this.repos.smartPlaylists.find(id);
    if (row === undefined) throw new NotFound(SMART_PLAYLIST_NOT_FOUND);
    assertMayReadSmartPlaylist(caller, row);
    return { ...row, smart_playlist_id: Number(row.smart_playlist_id) };
  }
}

function columnsOf(input: SmartPlaylistParsed) {
  const definition: SmartDefinition = {
    match: input.match,
    rules: rulesOf(input),
    ...(input.sort === undefined ? {} : { sort: input.sort }),
    ...(input.limit === undefined ? {} : { limit: input.limit }),
  };
  return { name: input.name, definition: JSON.stringify(definition), public: input.public ? 1 : 0 };
}

const definitionOf = (playlist: SmartPlaylist): SmartDefinition => ({
  match: playlist.match,
  rules: playlist.rules,
  ...(playlist.sort === null ? {} : { sort: playlist.sort }),
  ...(playlist.limit === null ? {} : { limit: playlist.limit }),
});

function toWire(row: SmartPlaylistRow, caller: Caller): SmartPlaylist {
  const definition = parseJson<SmartDefinition>(row.definition, { match: 'all', rules: [] });
  return {
    smartPlaylistId: Number(row.smart_playlist_id),
    name: row.name,
    match: definition.match,
    rules: definition.rules,
    sort: definition.sort ?? null,
    limit: definition.limit ?? null,
    public: Number(row.public) === 1,
    userId: Number(row.user_id),
    userName: row.user_name,
    mayChange: mayChangeSmartPlaylist(caller, row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
