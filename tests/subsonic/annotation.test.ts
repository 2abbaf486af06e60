import { beforeAll, describe, expect, it } from 'vitest';
import { fileIdsOf, likedPlaylistOf } from '../helpers/playlists';
import { perFile, type Member } from '../helpers/setup';
import {
  setUpSubsonic,
  subsonicMemberWithRole,
  type SubsonicUser,
  codeOf,
} from '../helpers/subsonic';

const s = perFile(setUpSubsonic);

let member: SubsonicUser;
let web: Member;
let liked: number;
let ola: number;
let espuma: number;
let piston: number;
let roomTone: number;
let demo: number;
let anaRuiz: number;
let daxOkoro: number;

const artistIdNamed = async (name: string): Promise<number> =>
  (
    await s.t.db
      .selectFrom('artists')
      .select('artist_id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).artist_id;

beforeAll(async () => {
  member = s.member;
  web = s.user;
  liked = await likedPlaylistOf(web);
  [ola, espuma] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number, number];
  [piston] = (await fileIdsOf(s, s.fx.ids.paid)).audio as [number];
  [roomTone] = (await fileIdsOf(s, s.fx.ids.single)).audio as [number];
  [demo] = (await fileIdsOf(s, s.fx.ids.hidden)).audio as [number];
  anaRuiz = await artistIdNamed('Ana Ruiz');
  daxOkoro = await artistIdNamed('Dax Okoro');
});

/** The web app's liked ids, as its heart reads them. */
async function webLikedIds(): Promise<number[]> {
  const response = await web.get('/api/playlist/liked/ids');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<number[]>();
}

const webLike = async (fileId: number) => {
  const response = await web.put(`/api/playlist/${liked}/file`, { ids: [fileId] });
  expect(response.statusCode, response.body).toBe(200);
};
const webUnlike = async (fileId: number) => {
  const response = await web.delete(`/api/playlist/${liked}/file/${fileId}`);
  expect(response.statusCode, response.body).toBe(200);
};

async function starred2(api = member.api) {
  const answer = await api.getStarred2();
  expect(answer.status).toBe('ok');
  return answer.starred2;
}

describe('star and unstar are the web app’s likes', () => {
  it('shows a heart given in the web app in getStarred2, at the time it was liked', async () => {
    await webLike(ola);
    const likedAt = await s.t.db
      .selectFrom('playlist_files')
      .select('added_at')
      .where('playlist_id', '=', liked)
      .where('file_id', '=', ola)
      .executeTakeFirstOrThrow();
    const { song = [] } = await starred2();
    expect(song.map((x) => [x.id, x.title])).toEqual([[String(ola), 'Ola']]);
    expect(new Date(song[0]!.starred!).toISOString()).toBe(likedAt.added_at);
    await webUnlike(ola);
    expect((await starred2()).song ?? []).toEqual([]);
  });

  it('shows a song starred through /rest as a heart in the web app, and unstar takes it back', async () => {
    expect((await member.api.star({ id: String(espuma) })).status).toBe('ok');
    expect(await webLikedIds()).toEqual([espuma]);
    // Starring again changes nothing (one like, its first time kept).
    expect((await member.tokenApi.star({ id: [String(espuma)] })).status).toBe('ok');
    expect(await webLikedIds()).toEqual([espuma]);
    expect((await member.postApi.unstar({ id: String(espuma) })).status).toBe('ok');
    expect(await webLikedIds()).toEqual([]);
    // Unstarring what is not starred is fine.
    expect((await member.api.unstar({ id: String(espuma) })).status).toBe('ok');
  });

  it('stars albums and artists, listed in getStarred2 and getStarred with the songs', async () => {
    const answer = await member.api.star({
      id: [String(roomTone)],
      albumId: `al-${s.fx.ids.free}`,
      artistId: `ar-${anaRuiz}`,
    });
    expect(answer.status).toBe('ok');
    const both = await starred2();
    expect(both.album?.map((a) => [a.id, a.name, a.starred instanceof Date])).toEqual([
      [`al-${s.fx.ids.free}`, 'Mareas', true],
    ]);
    expect(both.artist?.map((a) => [a.id, a.name])).toEqual([[`ar-${anaRuiz}`, 'Ana Ruiz']]);
    expect(both.song?.map((x) => x.id)).toEqual([String(roomTone)]);

    const old = await member.api.getStarred();
    expect(old.status).toBe('ok');
    expect(old.starred.album?.map((a) => [a.id, a.isDir, a.title])).toEqual([
      [`al-${s.fx.ids.free}`, true, 'Mareas'],
    ]);
    expect(old.starred.artist?.map((a) => a.name)).toEqual(['Ana Ruiz']);
    expect(old.starred.song?.map((x) => x.title)).toEqual(['Room Tone']);

    // Another user's stars are their own.
    expect(await starred2(s.adminApi.api)).toMatchObject({ album: [], artist: [], song: [] });

    await member.api.unstar({
      id: String(roomTone),
      albumId: `al-${s.fx.ids.free}`,
      artistId: `ar-${anaRuiz}`,
    });
    expect(await starred2()).toMatchObject({ album: [], artist: [], song: [] });
    expect(await webLikedIds()).toEqual([]);
  });

  it('answers 70 for what the caller may not see, and changes nothing', async () => {
    for (const args of [
      { id: String(demo) },
      { id: [String(ola), String(demo)] },
      { albumId: `al-${s.fx.ids.hidden}` },
      { artistId: `ar-${daxOkoro}` },
      { id: '999999' },
      { albumId: 'ar-1' },
      { id: 'nonsense' },
    ]) {
      expect(codeOf(await member.api.star(args)), JSON.stringify(args)).toBe(70);
    }
    expect(await webLikedIds()).toEqual([]);
    expect(await starred2()).toMatchObject({ album: [], artist: [], song: [] });
    expect(codeOf(await member.api.star({}))).toBe(10);
  });

  it('lets the administrator, who sees hidden collections, star them', async () => {
    const admin = s.adminApi.api;
    expect((await admin.star({ id: String(demo), albumId: `al-${s.fx.ids.hidden}` })).status).toBe(
      'ok',
    );
    const both = await starred2(admin);
    expect(both.song?.map((x) => x.id)).toEqual([String(demo)]);
    expect(both.album?.map((a) => a.name)).toEqual(['Demos']);
    await admin.unstar({ id: String(demo), albumId: `al-${s.fx.ids.hidden}` });
  });

  it('drops a starred song from the list once its collection is hidden by the role', async () => {
    const blocked = await subsonicMemberWithRole(s, { blacklisted_tags: JSON.stringify(['new']) });
    await blocked.api.star({ id: String(roomTone) });
    expect((await starred2(blocked.api)).song?.map((x) => x.id)).toEqual([String(roomTone)]);
    // "New" is a tag of Mareas: its songs are missing for this role, like a hidden collection.
    expect(codeOf(await blocked.api.star({ id: String(ola) }))).toBe(70);
    expect(codeOf(await blocked.api.star({ albumId: `al-${s.fx.ids.free}` }))).toBe(70);
  });

  it('refuses a role without the browse right with 50', async () => {
    const noBrowse = await subsonicMemberWithRole(s, { enable_browse: 0 });
    expect(codeOf(await noBrowse.api.star({ id: String(ola) }))).toBe(50);
    expect(codeOf(await noBrowse.api.getStarred2())).toBe(50);
  });
});

describe('setRating', () => {
  const ratingOf = async (kind: string, itemId: number) =>
    (
      await s.t.db
        .selectFrom('ratings')
        .select('rating')
        .where('user_id', '=', web.userId)
        .where('kind', '=', kind as 'song')
        .where('item_id', '=', itemId)
        .executeTakeFirst()
    )?.rating;

  it('rates songs, albums and artists 1 to 5, shown as userRating; 0 removes', async () => {
    expect((await member.api.setRating({ id: String(ola), rating: 4 })).status).toBe('ok');
    expect((await member.api.setRating({ id: `al-${s.fx.ids.free}`, rating: 5 })).status).toBe(
      'ok',
    );
    expect((await member.api.setRating({ id: `ar-${anaRuiz}`, rating: 2 })).status).toBe('ok');
    expect(await ratingOf('song', ola)).toBe(4);
    expect(await ratingOf('album', s.fx.ids.free)).toBe(5);
    expect(await ratingOf('artist', anaRuiz)).toBe(2);

    await member.api.star({ id: String(ola), albumId: `al-${s.fx.ids.free}` });
    const both = await starred2();
    expect(both.song?.map((x) => [x.id, x.userRating])).toEqual([[String(ola), 4]]);
    expect(both.album?.map((a) => [a.id, a.userRating])).toEqual([[`al-${s.fx.ids.free}`, 5]]);
    await member.api.unstar({ id: String(ola), albumId: `al-${s.fx.ids.free}` });

    expect((await member.api.setRating({ id: String(ola), rating: 3 })).status).toBe('ok');
    expect(await ratingOf('song', ola)).toBe(3);
    expect((await member.api.setRating({ id: String(ola), rating: 0 })).status).toBe('ok');
    expect(await ratingOf('song', ola)).toBeUndefined();
  });

  it('answers 10 for a rating outside 0 to 5 and 70 for what the caller may not see', async () => {
    const rate = (id: string, rating: string) =>
      member.api.customJSON('setRating.view', { id, rating }) as Promise<unknown>;
    expect(codeOf(await rate(String(ola), '6'))).toBe(10);
    expect(codeOf(await rate(String(ola), 'x'))).toBe(10);
    expect(codeOf(await rate(String(demo), '3'))).toBe(70);
    expect(codeOf(await rate(`al-${s.fx.ids.hidden}`, '3'))).toBe(70);
    expect(await ratingOf('song', demo)).toBeUndefined();
  });
});

describe('scrobble', () => {
  const counts = async (fileId: number, collectionId: number) => {
    const audio = await s.t.db
      .selectFrom('audio')
      .select('play_count')
      .where('file_id', '=', fileId)
      .executeTakeFirstOrThrow();
    const collection = await s.t.db
      .selectFrom('collections')
      .select(['play_count', 'last_played_at'])
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    return {
      track: Number(audio.play_count),
      collection: Number(collection.play_count),
      lastPlayedAt: collection.last_played_at,
    };
  };

  it('counts a play like the web player does, and marks when the collection was played', async () => {
    const before = await counts(espuma, s.fx.ids.free);
    const time = Date.parse('2026-02-03T04:05:06.000Z');
    expect((await member.api.scrobble({ id: String(espuma), time })).status).toBe('ok');
    const afterRest = await counts(espuma, s.fx.ids.free);
    expect(afterRest.track - before.track).toBe(1);
    expect(afterRest.collection - before.collection).toBe(1);
    expect(afterRest.lastPlayedAt).toBe('2026-02-03T04:05:06.000Z');

    const startedAt = new Date().toISOString();
    const stream = await web.get(`/downloader/file/${espuma}?playback=true`);
    expect(stream.statusCode).toBe(200);
    // The web player's play is counted once the stream is sent: wait for it.
    let afterWeb = await counts(espuma, s.fx.ids.free);
    for (let i = 0; i < 50 && afterWeb.track === afterRest.track; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      afterWeb = await counts(espuma, s.fx.ids.free);
    }
    expect(afterWeb.track - afterRest.track).toBe(1);
    expect(afterWeb.collection - afterRest.collection).toBe(1);
    expect(afterWeb.lastPlayedAt! >= startedAt).toBe(true);

    // Several at once (an app sending plays it cached offline): older times keep the newer mark.
    const answer = await member.api.customJSON('scrobble.view', {
      id: [String(espuma), String(roomTone)],
      time: [String(time - 60_000), String(time)],
    });
    expect((answer as { status: string }).status).toBe('ok');
    const afterBoth = await counts(espuma, s.fx.ids.free);
    expect(afterBoth.track - afterWeb.track).toBe(1);
    expect(afterBoth.lastPlayedAt).toBe(afterWeb.lastPlayedAt);
    expect((await counts(roomTone, s.fx.ids.single)).lastPlayedAt).toBe('2026-02-03T04:05:06.000Z');
  });

  it('does not count a track the caller may only preview (the web app counts full plays)', async () => {
    const before = await counts(piston, s.fx.ids.paid);
    expect((await member.api.scrobble({ id: String(piston) })).status).toBe('ok');
    expect(await counts(piston, s.fx.ids.paid)).toEqual(before);
  });

  it('answers 70 for a hidden song and counts nothing, not even the visible ones', async () => {
    const before = await counts(ola, s.fx.ids.free);
    const hidden = await counts(demo, s.fx.ids.hidden);
    expect(codeOf(await member.api.scrobble({ id: [String(ola), String(demo)] }))).toBe(70);
    expect(await counts(ola, s.fx.ids.free)).toEqual(before);
    expect(await counts(demo, s.fx.ids.hidden)).toEqual(hidden);
  });
});

describe('getNowPlaying', () => {
  const nowPlaying = async (api = member.api) => {
    const answer = await api.getNowPlaying();
    expect(answer.status).toBe('ok');
    return answer.nowPlaying.entry ?? [];
  };

  it('lists what each player reported with submission=false, songs the caller may see only', async () => {
    const report = (api: SubsonicUser, id: number, c: string) =>
      api.api.customJSON('scrobble.view', { id: String(id), submission: 'false', c });
    await report(member, ola, 'Phone');
    await report(member, roomTone, 'Car');
    await report(s.adminApi, demo, 'Desk');
    const before = await s.t.db.selectFrom('audio').select('play_count').execute();

    const seen = await nowPlaying();
    expect(seen.map((e) => [e.title, e.username, e.playerName, e.minutesAgo]).sort()).toEqual([
      ['Ola', 'member', 'Phone', 0],
      ['Room Tone', 'member', 'Car', 0],
    ]);
    expect(new Set(seen.map((e) => e.playerId)).size).toBe(2);
    expect(seen.every((e) => Number.isInteger(e.playerId))).toBe(true);
    // The administrator sees the hidden one too.
    expect((await nowPlaying(s.adminApi.api)).map((e) => e.title).sort()).toEqual([
      'Demo One',
      'Ola',
      'Room Tone',
    ]);
    // Now playing is not a play.
    expect(await s.t.db.selectFrom('audio').select('play_count').execute()).toEqual(before);

    // A newer report from the same player replaces its entry.
    await report(member, espuma, 'Phone');
    expect((await nowPlaying()).map((e) => e.title).sort()).toEqual(['Espuma', 'Room Tone']);
  });

  it('forgets a report once its track has had time to end', async () => {
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await s.t.db
      .updateTable('now_playing')
      .set({ started_at: longAgo })
      .where('player', '=', 'Car')
      .execute();
    expect((await nowPlaying()).map((e) => e.playerName)).toEqual(['Phone']);
  });
});
