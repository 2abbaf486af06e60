import { requireBrowse } from '../../access/collections';
import type { Caller } from '../../access/caller';
import type { AppDeps } from '../../app-deps';
import type { Starred } from '../annotations';
import { scrobbleCalls } from './subsonic-annotation-scrobble';
import { KIND_OF_REF, starTargets, toAnnotationTargets } from './subsonic-annotations';
import {
  requiredParam,
  SubsonicError,
  type SubsonicCalls,
  type SubsonicContext,
} from './subsonic-call';
import { parseRef } from './subsonic-ids';
import { toAlbumDirectory } from './subsonic-shapes';
import { albumsFor, artistsFor, songsFor } from './subsonic-songs';

/**
 * star and unstar through the annotations service, which checks every target before changing
 * anything (an invisible one is 70 and leaves everything as it was); a starred song is a like.
 */
async function starOrUnstar({ deps, caller, params }: SubsonicContext, star: boolean) {
  requireBrowse(caller);
  const targets = toAnnotationTargets(starTargets(params));
  if (targets.files.length > 0 && caller.user.liked_playlist === null)
    throw new SubsonicError(0, 'This account has no liked playlist');
  const { annotations } = deps.services;
  await (star ? annotations.star(caller, targets) : annotations.unstar(caller, targets));
  return {};
}

/** setRating: 1 to 5 rates, 0 removes the rating; the item must be visible (else 70). */
async function setRating({ deps, caller, params }: SubsonicContext) {
  requireBrowse(caller);
  const ref = parseRef(requiredParam(params, 'id'));
  const raw = requiredParam(params, 'rating');
  if (!/^[0-5]$/.test(raw)) throw new SubsonicError(10, 'Parameter rating must be 0 to 5');
  await deps.services.annotations.setRating(caller, KIND_OF_REF[ref.kind], ref.id, Number(raw));
  return {};
}

/** Loaded items get their starred time from the list (the like time for songs). */
function withTimes<T extends { id: string; starred?: string }>(
  items: readonly T[],
  starred: readonly Starred[],
  idOf: (item: T) => number,
): T[] {
  const at = new Map(starred.map((s) => [s.id, s.at]));
  return items.map((item) => ({ ...item, starred: at.get(idOf(item)) ?? item.starred }));
}

/** The caller's starred artists, albums and songs (likes) they may still see, newest first. */
async function loadStarred(deps: AppDeps, caller: Caller) {
  requireBrowse(caller);
  const starred = await deps.services.annotations.starredLists(caller);
  const prefixed = (item: { id: string }) => Number(item.id.slice(3));
  const ids = (list: readonly Starred[]) => list.map((star) => star.id);
  const [artists, albums, songs] = await Promise.all([
    artistsFor(deps, caller, ids(starred.artists)),
    albumsFor(deps, caller, ids(starred.collections)),
    songsFor(deps, caller, ids(starred.files)),
  ]);
  return {
    artist: withTimes(artists, starred.artists, prefixed),
    album: withTimes(albums, starred.collections, prefixed),
    song: withTimes(songs, starred.files, (song) => Number(song.id)),
  };
}

export const annotationCalls: SubsonicCalls = {
  star: (ctx) => starOrUnstar(ctx, true),
  unstar: (ctx) => starOrUnstar(ctx, false),
  setRating,
  ...scrobbleCalls,
  getStarred2: async ({ deps, caller }) => ({ starred2: await loadStarred(deps, caller) }),
  // The older form: artists as index entries, albums as directories.
  getStarred: async ({ deps, caller }) => {
    const { artist, album, song } = await loadStarred(deps, caller);
    return {
      starred: {
        artist: artist.map(({ id, name, starred, userRating }) =>
          userRating === undefined ? { id, name, starred } : { id, name, starred, userRating },
        ),
        album: album.map(toAlbumDirectory),
        song,
      },
    };
  },
};
