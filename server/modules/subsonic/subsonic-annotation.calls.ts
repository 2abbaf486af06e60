import type { Caller } from '../../access/caller';
import type { AppDeps } from '../../app-deps';
import { PlaylistsRepository } from '../playlists/playlists.repository';
import { PlaylistsService } from '../playlists/playlists.service';
import { RatingsRepository } from './ratings.repository';
import { subsonicStep } from './subsonic-annotation-errors';
import { scrobbleCalls } from './subsonic-annotation-scrobble';
import {
  assertTargetsVisible,
  starTargets,
  targetOf,
  type StarTargets,
} from './subsonic-annotations';
import {
  requiredParam,
  SubsonicError,
  type SubsonicCalls,
  type SubsonicContext,
} from './subsonic-call';
import { parseRef } from './subsonic-ids';
import { toAlbumDirectory } from './subsonic-shapes';
import { albumsFor, artistsFor, requireSubsonicBrowse, songsFor } from './subsonic-songs';
import { StarsRepository, type Starred } from './stars.repository';

/** A starred song is a like: the caller's liked playlist, the web app's heart. */
function likedPlaylistOf(caller: Caller): number {
  const liked = caller.user.liked_playlist;
  if (liked === null) throw new SubsonicError(0, 'This account has no liked playlist');
  return liked;
}

/** Checks every target first, so an invisible one (70) leaves everything as it was. */
async function starOrUnstar({ deps, caller, params }: SubsonicContext, star: boolean) {
  requireSubsonicBrowse(caller);
  const targets: StarTargets = starTargets(params);
  await assertTargetsVisible(deps, caller, targets);
  const stars = new StarsRepository(deps.db);
  const playlists = new PlaylistsService(new PlaylistsRepository(deps.db));
  if (targets.songs.length > 0) {
    const liked = likedPlaylistOf(caller);
    if (star) await subsonicStep(() => playlists.addFiles(liked, targets.songs, caller));
    else {
      const present = await stars.likedAmong(liked, targets.songs);
      for (const fileId of present.keys())
        await subsonicStep(() => playlists.removeFile(liked, fileId, caller));
    }
  }
  const change = star ? stars.add.bind(stars) : stars.remove.bind(stars);
  await change(caller.userId, 'album', targets.albums);
  await change(caller.userId, 'artist', targets.artists);
  return {};
}

/** setRating: 1 to 5 rates, 0 removes the rating; the item must be visible (else 70). */
async function setRating({ deps, caller, params }: SubsonicContext) {
  requireSubsonicBrowse(caller);
  const ref = parseRef(requiredParam(params, 'id'));
  const raw = requiredParam(params, 'rating');
  if (!/^[0-5]$/.test(raw)) throw new SubsonicError(10, 'Parameter rating must be 0 to 5');
  const rating = Number(raw);
  await assertTargetsVisible(deps, caller, targetOf(ref));
  const ratings = new RatingsRepository(deps.db);
  if (rating === 0) await ratings.remove(caller.userId, ref.kind, ref.id);
  else await ratings.set(caller.userId, ref.kind, ref.id, rating);
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
  requireSubsonicBrowse(caller);
  const stars = new StarsRepository(deps.db);
  const liked = caller.user.liked_playlist;
  const [artistStars, albumStars, songStars] = await Promise.all([
    stars.starredArtists(caller.userId, caller),
    stars.starredAlbums(caller.userId, caller),
    liked === null ? [] : stars.likedSongs(liked, caller),
  ]);
  const prefixed = (item: { id: string }) => Number(item.id.slice(3));
  const ids = (list: readonly Starred[]) => list.map((star) => star.id);
  const [artists, albums, songs] = await Promise.all([
    artistsFor(deps, caller, ids(artistStars)),
    albumsFor(deps, caller, ids(albumStars)),
    songsFor(deps, caller, ids(songStars)),
  ]);
  return {
    artist: withTimes(artists, artistStars, prefixed),
    album: withTimes(albums, albumStars, prefixed),
    song: withTimes(songs, songStars, (song) => Number(song.id)),
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
