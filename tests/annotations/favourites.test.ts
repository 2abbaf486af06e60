import { beforeAll, describe, expect, it } from 'vitest';
import { fileIdsOf, likedPlaylistOf } from '../helpers/playlists';
import { perFile, registerMember } from '../helpers/setup';
import { setUpSubsonic, subsonicFor, type SubsonicUser } from '../helpers/subsonic';
import {
  artistIdNamed,
  expectOk,
  favourite,
  favouriteIds,
  favouritesOf,
  unfavourite,
} from './annotations-client';

/**
 * Favourites (issue 45): the web app's GET/PUT/DELETE /api/favourite(s) and /rest's star,
 * unstar and getStarred2 read and write one store; a liked track is the liked playlist's entry.
 */
const s = perFile(setUpSubsonic);

let rest: SubsonicUser;
let liked: number;
let ola: number;
let espuma: number;
let anaRuiz: number;
let miraVale: number;

beforeAll(async () => {
  rest = s.member;
  liked = await likedPlaylistOf(s.user);
  [ola, espuma] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number, number];
  anaRuiz = await artistIdNamed(s, 'Ana Ruiz');
  miraVale = await artistIdNamed(s, 'Mira Vale');
});

async function starred2(api = rest.api) {
  const answer = await api.getStarred2();
  expect(answer.status).toBe('ok');
  return answer.starred2;
}

describe('PUT and DELETE /api/favourite, GET /api/favourites', () => {
  it('lists an album starred with /rest star, and forgets it once unstarred there', async () => {
    expect((await rest.api.star({ albumId: `al-${s.fx.ids.free}` })).status).toBe('ok');
    const favourites = await favouritesOf(s.user);
    expect(favouriteIds(favourites)).toEqual({
      tracks: [],
      collections: [s.fx.ids.free],
      artists: [],
    });
    // A whole collection row, as the library pages show it.
    expect(favourites.collections[0]).toMatchObject({
      collectionName: 'Mareas',
      collectionPrice: null,
    });

    expect((await rest.api.unstar({ albumId: `al-${s.fx.ids.free}` })).status).toBe('ok');
    expect(favouriteIds(await favouritesOf(s.user)).collections).toEqual([]);
  });

  it('shows an artist favourited in the web app in /rest getStarred2, until taken back', async () => {
    expectOk(await favourite(s.user, { artistId: anaRuiz }));
    // Twice is still one favourite.
    expectOk(await favourite(s.user, { artistId: anaRuiz }));
    expect((await starred2()).artist?.map((a) => [a.id, a.name])).toEqual([
      [`ar-${anaRuiz}`, 'Ana Ruiz'],
    ]);
    expect((await favouritesOf(s.user)).artists).toEqual([
      expect.objectContaining({ artistId: anaRuiz, artistName: 'Ana Ruiz' }),
    ]);

    expectOk(await unfavourite(s.user, { artistId: anaRuiz }));
    expect((await starred2()).artist ?? []).toEqual([]);
    expect((await favouritesOf(s.user)).artists).toEqual([]);
    // Taking back what is not a favourite is no change, not an error.
    expectOk(await unfavourite(s.user, { artistId: anaRuiz }));
  });

  it('shows a collection favourited in the web app as a starred album in /rest', async () => {
    expectOk(await favourite(s.user, { collectionId: s.fx.ids.single }));
    const album = await rest.api.getAlbum({ id: `al-${s.fx.ids.single}` });
    expect(album.album.starred).toBeDefined();
    expect((await starred2()).album?.map((a) => [a.id, a.name])).toEqual([
      [`al-${s.fx.ids.single}`, 'Room Tone'],
    ]);
    expectOk(await unfavourite(s.user, { collectionId: s.fx.ids.single }));
    expect((await rest.api.getAlbum({ id: `al-${s.fx.ids.single}` })).album.starred).toBe(
      undefined,
    );
  });

  it('shows a track liked in the web app as a starred song in /rest and a favourite track', async () => {
    const like = await s.user.put(`/api/playlist/${liked}/file`, { ids: [ola] });
    expect(like.statusCode, like.body).toBe(200);

    const song = await rest.api.getSong({ id: String(ola) });
    expect(song.song.starred).toBeDefined();
    expect((await starred2()).song?.map((x) => x.id)).toEqual([String(ola)]);
    const { tracks } = await favouritesOf(s.user);
    expect(tracks.map((entry) => [entry.file.fileId, entry.audio.audioTitle])).toEqual([
      [ola, 'Ola'],
    ]);
    // A playable entry, like the playlist's own.
    expect(tracks[0]).toMatchObject({ collectionId: s.fx.ids.free, playableInFull: true });

    // Unstarred in /rest, the heart is gone from the web app too.
    expect((await rest.api.unstar({ id: String(ola) })).status).toBe('ok');
    expect((await favouritesOf(s.user)).tracks).toEqual([]);
    const ids = await s.user.get('/api/playlist/liked/ids');
    expect(ids.json()).toEqual([]);
  });

  it('lists favourite tracks, collections and artists last added first', async () => {
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await rest.api.star({ id: String(espuma), albumId: `al-${s.fx.ids.single}` });
    await later(5);
    await rest.api.star({ id: String(ola), albumId: `al-${s.fx.ids.free}` });
    expectOk(await favourite(s.user, { artistId: miraVale }));
    await later(5);
    expectOk(await favourite(s.user, { artistId: anaRuiz }));

    expect(favouriteIds(await favouritesOf(s.user))).toEqual({
      tracks: [ola, espuma],
      collections: [s.fx.ids.free, s.fx.ids.single],
      artists: [anaRuiz, miraVale],
    });

    await rest.api.unstar({
      id: [String(ola), String(espuma)],
      albumId: [`al-${s.fx.ids.free}`, `al-${s.fx.ids.single}`],
      artistId: [`ar-${anaRuiz}`, `ar-${miraVale}`],
    });
    expect(favouriteIds(await favouritesOf(s.user))).toEqual({
      tracks: [],
      collections: [],
      artists: [],
    });
  });

  it("never shows one user's favourites to another", async () => {
    const other = await registerMember(s.t, 'other-listener');
    const otherRest = await subsonicFor(s.url, other, other.userName);
    expectOk(await favourite(s.user, { collectionId: s.fx.ids.free }));
    expectOk(await favourite(s.user, { artistId: anaRuiz }));
    await rest.api.star({ id: String(ola) });

    expect(favouriteIds(await favouritesOf(other))).toEqual({
      tracks: [],
      collections: [],
      artists: [],
    });
    expect(await starred2(otherRest.api)).toMatchObject({ album: [], artist: [], song: [] });
    expect((await otherRest.api.getAlbum({ id: `al-${s.fx.ids.free}` })).album.starred).toBe(
      undefined,
    );

    // The other user's unfavourite takes back only their own (none here).
    expectOk(await unfavourite(other, { collectionId: s.fx.ids.free }));
    expect(favouriteIds(await favouritesOf(s.user))).toEqual({
      tracks: [ola],
      collections: [s.fx.ids.free],
      artists: [anaRuiz],
    });

    await rest.api.unstar({ id: String(ola), albumId: `al-${s.fx.ids.free}` });
    expectOk(await unfavourite(s.user, { artistId: anaRuiz }));
  });

  it('takes a DELETE with its JSON body over real HTTP, as a browser sends it', async () => {
    expectOk(await favourite(s.user, { collectionId: s.fx.ids.paid }));
    const cookies = [...s.user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${s.url}/api/favourite`, {
      method: 'DELETE',
      headers: {
        cookie: cookies,
        'content-type': 'application/json',
        'x-xsrf-token': s.user.cookies.get('XSRF-TOKEN') ?? '',
      },
      body: JSON.stringify({ collectionId: s.fx.ids.paid }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(favouriteIds(await favouritesOf(s.user)).collections).toEqual([]);
  });
});
