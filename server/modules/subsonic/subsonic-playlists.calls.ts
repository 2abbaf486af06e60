import { requireBrowse } from '../../access/collections';
import type { z } from 'zod';
import { PlaylistCreateSchema, PlaylistEditSchema, type Playlist } from '../../../domain/playlist';
import { requireAdmin, type Caller } from '../../access/caller';
import { mayChangePlaylist } from '../../access/playlists';
import type { AppDeps } from '../../app-deps';
import { assertTargetsVisible } from './subsonic-annotations';
import {
  requiredParam,
  SubsonicError,
  type SubsonicCalls,
  type SubsonicParams,
} from './subsonic-call';
import { parseRefOf } from './subsonic-ids';
import { refuseSmart, smartIdOf, smartShapes, smartWithSongs } from './subsonic-smart-playlists';
import { songsFor } from './subsonic-songs';

type PlaylistEdit = z.infer<typeof PlaylistEditSchema>;

/** Playlist ids are bare numbers; anything else is a playlist that does not exist. */
function playlistId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new SubsonicError(70, 'Playlist not found');
  return Number(raw);
}

/** The edit the parameters ask for, validated by the web app's own schema (error 10 if off). */
function editOf(params: SubsonicParams): PlaylistEdit {
  const raw: Record<string, unknown> = {};
  const name = params.get('name');
  const comment = params.get('comment');
  const isPublic = params.get('public');
  if (name !== undefined) raw.title = name;
  if (comment !== undefined) raw.description = comment;
  if (isPublic !== undefined) raw.public = isPublic === 'true';
  const parsed = PlaylistEditSchema.safeParse(raw);
  if (!parsed.success) throw new SubsonicError(10, 'Invalid playlist name or comment');
  return parsed.data;
}

const songIds = (params: SubsonicParams, name: string): number[] =>
  params.getAll(name).map((raw) => parseRefOf(raw, 'song'));

/** Songs to add must all be visible audio (else 70) before anything changes. */
async function checkSongs(deps: AppDeps, caller: Caller, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  requireBrowse(caller);
  await assertTargetsVisible(deps, caller, { songs: [...new Set(ids)], albums: [], artists: [] });
}

/** The Subsonic playlist shape; `readonly` (OpenSubsonic) when the caller may not change it. */
async function shapes(deps: AppDeps, caller: Caller, playlists: readonly Playlist[]) {
  const dates = await deps.services.playlists.dates(playlists);
  return playlists.map((p) => {
    const at = dates.get(p.playlistId);
    return {
      id: String(p.playlistId),
      name: p.playlistTitle,
      comment: p.playlistDescription,
      owner: p.userName,
      public: p.playlistPublic,
      songCount: p.playlistTrackCount,
      duration: Math.round(p.playlistDuration),
      created: at?.created ?? '',
      changed: at?.changed ?? '',
      readonly: !mayChangePlaylist(caller, { user_id: p.userId }),
    };
  });
}

/** The file ids of a playlist as getPlaylist lists them (entries the caller may see). */
async function entryIds(deps: AppDeps, caller: Caller, id: number): Promise<number[]> {
  const playlist = await deps.services.playlists.get(id, caller);
  return playlist.entries.map((entry) => entry.file.fileId);
}

async function withSongs(deps: AppDeps, caller: Caller, id: number) {
  const playlist = await deps.services.playlists.get(id, caller);
  const [shape] = await shapes(deps, caller, [playlist]);
  const ids = playlist.entries.map((entry) => entry.file.fileId);
  const entry = await songsFor(deps, caller, ids);
  const cover = entry[0]?.coverArt;
  return { ...shape, ...(cover === undefined ? {} : { coverArt: cover }), entry };
}

async function removeFiles(deps: AppDeps, caller: Caller, id: number, fileIds: number[]) {
  for (const fileId of fileIds) await deps.services.playlists.removeFile(id, fileId, caller);
}

export const playlistsCalls: SubsonicCalls = {
  /** The caller's own (the liked one first) and others' public ones; `username` for admins. */
  getPlaylists: async ({ deps, caller, params }) => {
    const username = params.get('username');
    let list: Playlist[];
    let smart: Awaited<ReturnType<typeof smartShapes>> = [];
    if (username === undefined || username.toLowerCase() === caller.user.user_name_lower) {
      list = await deps.services.playlists.listReadable(caller);
      // Smart playlists follow (issue 48), read-only.
      smart = await smartShapes(deps, caller);
    } else {
      // Refused before the name is looked up: a member learns nothing of which names exist.
      requireAdmin(caller);
      const user = await deps.services.users.findByName(username);
      if (user === undefined) throw new SubsonicError(70, 'User not found');
      list = await deps.services.playlists.listOwnedBy(user.user_id, caller);
    }
    return { playlists: { playlist: [...(await shapes(deps, caller, list)), ...smart] } };
  },

  getPlaylist: async ({ deps, caller, params }) => {
    const raw = requiredParam(params, 'id');
    const smart = smartIdOf(raw);
    if (smart !== null) return { playlist: await smartWithSongs(deps, caller, smart) };
    return { playlist: await withSongs(deps, caller, playlistId(raw)) };
  },

  /** A new playlist (name), or playlistId's songs replaced (and renamed when name is given). */
  createPlaylist: async ({ deps, caller, params }) => {
    const songs = songIds(params, 'songId');
    const existing = params.get('playlistId');
    const name = params.get('name');
    const service = deps.services.playlists;
    let id: number;
    if (existing !== undefined && existing !== '') {
      refuseSmart(existing);
      id = playlistId(existing);
      const edit = name === undefined ? {} : editOf(params);
      await service.edit(id, { title: edit.title }, caller);
      await checkSongs(deps, caller, songs);
      await removeFiles(deps, caller, id, await entryIds(deps, caller, id));
    } else {
      const parsed = PlaylistCreateSchema.safeParse({ title: requiredParam(params, 'name') });
      if (!parsed.success) throw new SubsonicError(10, 'Invalid playlist name');
      await checkSongs(deps, caller, songs);
      id = (await service.create(parsed.data, caller)).playlistId;
    }
    if (songs.length > 0) await service.addFiles(id, songs, caller);
    return { playlist: await withSongs(deps, caller, id) };
  },

  /** Rename, comment, public; songIndexToRemove (as getPlaylist lists them), songIdToAdd. */
  updatePlaylist: async ({ deps, caller, params }) => {
    refuseSmart(params.get('playlistId'));
    const id = playlistId(requiredParam(params, 'playlistId'));
    const service = deps.services.playlists;
    const edit = editOf(params);
    const adds = songIds(params, 'songIdToAdd');
    const removes = params.getAll('songIndexToRemove').map((raw) => {
      if (!/^\d{1,9}$/.test(raw)) throw new SubsonicError(10, 'songIndexToRemove is a number');
      return Number(raw);
    });
    // Readable and the caller's to change (70, 50) before the songs are looked at.
    await service.edit(id, {}, caller);
    await checkSongs(deps, caller, adds);
    if (Object.keys(edit).length > 0) await service.edit(id, edit, caller);
    if (removes.length > 0) {
      const ids = await entryIds(deps, caller, id);
      const doomed = [...new Set(removes)].flatMap((index) => ids[index] ?? []);
      await removeFiles(deps, caller, id, [...new Set(doomed)]);
    }
    if (adds.length > 0) await service.addFiles(id, adds, caller);
    return {};
  },

  deletePlaylist: async ({ deps, caller, params }) => {
    refuseSmart(params.get('id'));
    const id = playlistId(requiredParam(params, 'id'));
    await deps.services.playlists.delete(id, caller);
    return {};
  },
};
