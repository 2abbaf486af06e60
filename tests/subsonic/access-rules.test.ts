import { beforeAll, describe, expect, it } from 'vitest';
import { parseAudio } from '../helpers/library-files';
import { createPlaylist, fileIdsOf, likedPlaylistOf } from '../helpers/playlists';
import { perFile } from '../helpers/setup';
import {
  setUpSubsonic,
  subsonicMemberWithRole,
  type SubsonicUser,
  codeOf,
  artistRefOf,
} from '../helpers/subsonic';

/**
 * Issue 29, "the same rules": a member whose role blacklists a tag, a hidden collection and a
 * paid one. Whatever the web app hides from this member, no /rest call lists, streams,
 * downloads, draws or sings: every call is asked, including with state made before the rule
 * applied (a like, a star, a saved queue, a public playlist holding the hidden tracks).
 */
const s = perFile(setUpSubsonic);

interface Hidden {
  songIds: string[];
  albumIds: string[];
  artistIds: string[];
  names: string[];
}

let member: SubsonicUser & { member: { userId: number } };
let hidden: Hidden;
let paidSong: string;
let visibleSong: string;

const artistId = (name: string): Promise<string> => artistRefOf(s, name);

/** Every answer is searched as text for the hidden ids (as JSON values) and names. */
function expectNoLeak(label: string, answer: unknown): void {
  const text = JSON.stringify(answer);
  for (const id of [...hidden.songIds, ...hidden.albumIds, ...hidden.artistIds])
    expect(text, `${label} names ${id}`).not.toContain(`"${id}"`);
  for (const name of hidden.names) expect(text, `${label} names ${name}`).not.toContain(name);
}

beforeAll(async () => {
  const { fx, admin, t } = s;
  member = await subsonicMemberWithRole(s, { blacklisted_tags: JSON.stringify(['Chill']) });
  const hiddenFiles = [
    ...(await fileIdsOf(s, fx.ids.hidden)).audio,
    ...(await fileIdsOf(s, fx.ids.single)).audio,
  ];
  hidden = {
    songIds: hiddenFiles.map(String),
    albumIds: [`al-${fx.ids.hidden}`, `al-${fx.ids.single}`],
    artistIds: [await artistId('Dax Okoro'), await artistId('Mira Vale')],
    names: ['Dax Okoro', 'Mira Vale', 'Demo One', 'Room Tone', 'Demos', 'Drum & Bass', 'Ambient'],
  };
  paidSong = String((await fileIdsOf(s, fx.ids.paid)).audio[0]);
  visibleSong = String((await fileIdsOf(s, fx.ids.free)).audio[0]);

  // The hidden tracks are the most played, so "frequent" and top lists would rank them first.
  await t.db
    .updateTable('audio')
    .set({ play_count: 10_000 })
    .where('file_id', 'in', hiddenFiles)
    .execute();
  await t.db
    .updateTable('collections')
    .set({ play_count: 10_000, last_played_at: new Date().toISOString() })
    .where('collection_id', 'in', [fx.ids.hidden, fx.ids.single])
    .execute();
  // State from before the rule: the member liked, starred, rated and queued these tracks.
  const liked = await likedPlaylistOf(member.member as never);
  await t.db
    .insertInto('playlist_files')
    .values(
      hiddenFiles.map((fileId, position) => ({
        playlist_id: liked,
        file_id: fileId,
        position,
        added_at: new Date().toISOString(),
      })),
    )
    .execute();
  const now = new Date().toISOString();
  await t.db
    .insertInto('stars')
    .values([
      { user_id: member.member.userId, kind: 'album', item_id: fx.ids.hidden, created_at: now },
      { user_id: member.member.userId, kind: 'album', item_id: fx.ids.single, created_at: now },
    ])
    .execute();
  await t.db
    .insertInto('ratings')
    .values({ user_id: member.member.userId, kind: 'album', item_id: fx.ids.hidden, rating: 5 })
    .execute();
  await t.db
    .insertInto('play_queues')
    .values({
      user_id: member.member.userId,
      entries: JSON.stringify([...hiddenFiles, Number(visibleSong)]),
      current_file_id: hiddenFiles[0] ?? null,
      position_ms: 1000,
      changed_at: now,
      changed_by: 'Phone',
    })
    .execute();
  // A public playlist of the administrator's holding the hidden tracks and a visible one.
  const playlist = await createPlaylist(admin, { title: 'Everything', public: true });
  const added = await admin.put(`/api/playlist/${playlist.playlistId}/file`, {
    ids: [...hiddenFiles, Number(visibleSong)],
  });
  expect(added.statusCode, added.body).toBe(200);
  // The administrator is playing a hidden track right now.
  const playing = await s.adminApi.api.scrobble({ id: String(hiddenFiles[0]), submission: false });
  expect(playing.status).toBe('ok');
});

describe('/rest lists nothing the web app hides', () => {
  it('browsing, lists, search, starred, playlists, queue and now playing', async () => {
    const api = member.api;
    const answers: Array<[string, unknown]> = [
      ['getIndexes', await api.getIndexes({})],
      ['getArtists', await api.getArtists({})],
      ['getGenres', await api.getGenres()],
      ['getMusicDirectory artist', await api.getMusicDirectory({ id: await artistId('Ana Ruiz') })],
      ['getRandomSongs', await api.getRandomSongs({ size: 500 })],
      ['getSongsByGenre', await api.getSongsByGenre({ genre: 'House', count: 500 })],
      ['getStarred', await api.getStarred({})],
      ['getStarred2', await api.getStarred2({})],
      ['getNowPlaying', await api.getNowPlaying()],
      ['getPlaylists', await api.getPlaylists({})],
      ['getPlayQueue', await api.getPlayQueue()],
      [
        'search3 empty',
        await api.search3({ query: '""', songCount: 500, albumCount: 500, artistCount: 500 }),
      ],
      [
        'search2 empty',
        await api.search2({ query: '', songCount: 500, albumCount: 500, artistCount: 500 }),
      ],
      ['getTopSongs', await api.getTopSongs({ artist: 'Dax Okoro', count: 50 })],
      [
        'getSimilarSongs2',
        await api.getSimilarSongs2({ id: await artistId('Ana Ruiz'), count: 500 }),
      ],
    ];
    for (const query of ['Dax', 'Mira', 'Demo', 'Room Tone']) {
      answers.push([`search3 ${query}`, await api.search3({ query })]);
      answers.push([`search2 ${query}`, await api.search2({ query })]);
    }
    for (const type of [
      'random',
      'newest',
      'frequent',
      'recent',
      'alphabeticalByName',
      'alphabeticalByArtist',
      'starred',
      'highest',
    ] as const) {
      answers.push([`getAlbumList2 ${type}`, await api.getAlbumList2({ type, size: 500 })]);
      answers.push([`getAlbumList ${type}`, await api.getAlbumList({ type, size: 500 })]);
    }
    answers.push([
      'getAlbumList2 byYear',
      await api.getAlbumList2({ type: 'byYear', fromYear: 1900, toYear: 2100, size: 500 }),
    ]);
    for (const genre of ['Ambient', 'Drum & Bass'])
      answers.push([
        `getAlbumList2 byGenre ${genre}`,
        await api.getAlbumList2({ type: 'byGenre', genre, size: 500 }),
      ]);
    const everything = await s.adminApi.api.getPlaylists({});
    const shared = everything.playlists.playlist?.find((p) => p.name === 'Everything');
    expect(shared).toBeDefined();
    const playlist = await api.getPlaylist({ id: shared!.id });
    answers.push(['getPlaylist', playlist]);

    for (const [label, answer] of answers) {
      expect(codeOf(answer), `${label}: ${JSON.stringify(answer)}`).toBeUndefined();
      expectNoLeak(label, answer);
    }
    // The rule removes only what it must: the visible track stays in the playlist and queue.
    expect(JSON.stringify(playlist)).toContain(`"${visibleSong}"`);
    const queue = answers.find(([label]) => label === 'getPlayQueue')![1];
    expect(JSON.stringify(queue)).toContain(`"${visibleSong}"`);
  });

  it('every call naming a hidden id answers "not found", exactly as for a missing one', async () => {
    const api = member.api;
    const [song] = hidden.songIds;
    const [album] = hidden.albumIds;
    const [artist] = hidden.artistIds;
    // Each call with the hidden id and with an id nobody has: the two answers are the same.
    const calls: Array<[string, string, (id: string) => Promise<unknown>]> = [
      ['getSong', song!, (id) => api.getSong({ id })],
      ['getAlbum', album!, (id) => api.getAlbum({ id })],
      ['getArtist', artist!, (id) => api.getArtist({ id })],
      ['getMusicDirectory album', album!, (id) => api.getMusicDirectory({ id })],
      ['getMusicDirectory artist', artist!, (id) => api.getMusicDirectory({ id })],
      ['getArtistInfo2', artist!, (id) => api.getArtistInfo2({ id })],
      ['getAlbumInfo2', album!, (id) => api.getAlbumInfo2({ id })],
      ['getSimilarSongs2', artist!, (id) => api.getSimilarSongs2({ id })],
      ['getLyricsBySongId', song!, (id) => api.getLyricsBySongId({ id })],
      ['star', song!, (id) => api.star({ id })],
      ['star album', album!, (albumId) => api.star({ albumId })],
      ['star artist', artist!, (artistId) => api.star({ artistId })],
      ['setRating', song!, (id) => api.setRating({ id, rating: 4 })],
      ['scrobble', song!, (id) => api.scrobble({ id })],
    ];
    const missingLike = (id: string) => id.replace(/\d+$/, '987654');
    for (const [label, id, call] of calls) {
      const answer = await call(id);
      expect(codeOf(answer), `${label}: ${JSON.stringify(answer)}`).toBe(70);
      expect(answer, label).toEqual(await call(missingLike(id)));
    }
    const bytesCalls: Array<[string, string, (id: string) => Promise<Response>]> = [
      ['stream', song!, (id) => api.stream({ id })],
      ['download', song!, (id) => api.download({ id })],
      ['getCoverArt song', song!, (id) => api.getCoverArt({ id })],
      ['getCoverArt album', album!, (id) => api.getCoverArt({ id })],
      ['getCoverArt artist', artist!, (id) => api.getCoverArt({ id })],
    ];
    for (const [label, id, call] of bytesCalls) {
      const response = await call(id);
      expect(response.headers.get('content-type'), label).toMatch(/json/);
      const body = await response.json();
      expect(codeOf((body as { 'subsonic-response': unknown })['subsonic-response']), label).toBe(
        70,
      );
      expect(body, label).toEqual(await (await call(missingLike(id))).json());
    }
    const lyrics = await api.getLyrics({ artist: 'Dax Okoro', title: 'Demo One' });
    expectNoLeak('getLyrics', lyrics);
    // Nothing changed: the hidden song was not counted, starred or rated.
    const row = await s.t.db
      .selectFrom('audio')
      .select('play_count')
      .where('file_id', '=', Number(song))
      .executeTakeFirstOrThrow();
    expect(row.play_count).toBe(10_000);
    const ratings = await s.t.db
      .selectFrom('ratings')
      .select('item_id')
      .where('user_id', '=', member.member.userId)
      .where('kind', '=', 'song')
      .execute();
    expect(ratings).toEqual([]);
  });

  it('a paid collection streams only the preview and never downloads', async () => {
    // The paid track is 40 s long; the web app's preview clip is 30 s.
    const preview = await member.api.stream({ id: paidSong });
    expect(preview.status).toBe(200);
    const clip = await parseAudio(Buffer.from(await preview.arrayBuffer()), 'audio/mpeg');
    expect(clip.format.duration).toBeLessThan(31);
    const full = await s.adminApi.api.stream({ id: paidSong });
    const whole = await parseAudio(Buffer.from(await full.arrayBuffer()), 'audio/mpeg');
    expect(whole.format.duration).toBeGreaterThan(39);
    const download = await member.api.download({ id: paidSong });
    const body = (await download.json()) as { 'subsonic-response': unknown };
    expect(codeOf(body['subsonic-response'])).toBe(50);
    const zip = await member.api.download({ id: `al-${s.fx.ids.paid}` });
    const zipBody = (await zip.json()) as { 'subsonic-response': unknown };
    expect(codeOf(zipBody['subsonic-response'])).toBe(50);
  });

  it('a role without the browse right reaches no library call at all', async () => {
    const noBrowse = await subsonicMemberWithRole(s, { enable_browse: 0 });
    for (const answer of [
      await noBrowse.api.getArtists({}),
      await noBrowse.api.getAlbumList2({ type: 'newest' }),
      await noBrowse.api.search3({ query: '' }),
      await noBrowse.api.getSong({ id: visibleSong }),
      await noBrowse.api.getRandomSongs({}),
      await noBrowse.api.getPlaylist({ id: '1' }),
    ])
      expect(codeOf(answer), JSON.stringify(answer)).toBe(50);
    const stream = await noBrowse.api.stream({ id: visibleSong });
    const body = (await stream.json()) as { 'subsonic-response': unknown };
    expect(codeOf(body['subsonic-response'])).toBe(50);
  });
});
