import type { Caller } from '../../access/caller';
import type { AppDeps } from '../../app-deps';
import { SubsonicError } from './subsonic-call';
import { songsFor } from './subsonic-songs';

/**
 * Smart playlists in /rest (issue 48): listed and read like playlists, never changed there.
 * Their ids carry the `sp-` prefix, so they can never be taken for an ordinary playlist's bare
 * number; Subsonic ids are strings, which strict clients accept.
 */
const SMART = /^sp-(\d{1,15})$/;

export const smartPlaylistRef = (id: number): string => `sp-${id}`;

/** The smart playlist id in a Subsonic playlist id, or null for an ordinary one. */
export function smartIdOf(raw: string | undefined): number | null {
  const match = raw === undefined ? null : SMART.exec(raw);
  return match === null ? null : Number(match[1]);
}

/** updatePlaylist, deletePlaylist and createPlaylist's replace refuse a smart one with 50. */
export function refuseSmart(raw: string | undefined): void {
  if (smartIdOf(raw) !== null) {
    throw new SubsonicError(
      50,
      'A smart playlist is read-only here; edit its rules in the web app',
    );
  }
}

/** The caller's and the public smart playlists as Subsonic playlists (read-only). */
export async function smartShapes(deps: AppDeps, caller: Caller) {
  const list = await deps.services.smartPlaylists.listCounted(caller);
  return list.map((p) => ({
    id: smartPlaylistRef(p.smartPlaylistId),
    name: p.name,
    comment: 'Smart playlist',
    owner: p.userName,
    public: p.public,
    songCount: p.trackCount,
    duration: Math.round(p.duration),
    created: p.createdAt,
    changed: p.updatedAt,
    readonly: true,
  }));
}

/** getPlaylist of a smart one: its tracks as the caller may see them, computed now. */
export async function smartWithSongs(deps: AppDeps, caller: Caller, id: number) {
  const p = await deps.services.smartPlaylists.get(id, caller);
  const ids = p.entries.map((entry) => entry.file.fileId);
  const entry = await songsFor(deps, caller, ids);
  const cover = entry[0]?.coverArt;
  return {
    id: smartPlaylistRef(p.smartPlaylistId),
    name: p.name,
    comment: 'Smart playlist',
    owner: p.userName,
    public: p.public,
    songCount: entry.length,
    duration: Math.round(p.entries.reduce((sum, e) => sum + e.audio.audioDuration, 0)),
    created: p.createdAt,
    changed: p.updatedAt,
    readonly: true,
    ...(cover === undefined ? {} : { coverArt: cover }),
    entry,
  };
}
