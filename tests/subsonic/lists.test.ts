import { describe, expect, it } from 'vitest';
import { perFile } from '../helpers/setup';
import { setUpSubsonic, subsonicMemberWithRole, codeOf } from '../helpers/subsonic';

const s = perFile(setUpSubsonic);

type ListType = Parameters<typeof s.member.api.getAlbumList2>[0]['type'];

/** Album names of a getAlbumList2 page as the member sees it. */
async function names(
  type: ListType,
  extra: {
    size?: number;
    offset?: number;
    fromYear?: number;
    toYear?: number;
    genre?: string;
  } = {},
  api = s.member.api,
): Promise<string[]> {
  const answer = await api.getAlbumList2({ type, ...extra });
  expect(answer.status).toBe('ok');
  return (answer.albumList2.album ?? []).map((album) => album.name);
}

const setCollection = (id: number, values: { play_count?: number; last_played_at?: string }) =>
  s.t.db.updateTable('collections').set(values).where('collection_id', '=', id).execute();

describe('getAlbumList2', () => {
  it('lists by name and by artist, never the hidden album', async () => {
    expect(await names('alphabeticalByName')).toEqual(['Mareas', 'Night Works', 'Room Tone']);
    expect(await names('alphabeticalByArtist')).toEqual(['Mareas', 'Night Works', 'Room Tone']);
    expect(await names('alphabeticalByName', {}, s.adminApi.api)).toEqual([
      'Demos',
      'Mareas',
      'Night Works',
      'Room Tone',
    ]);
  });

  it('pages by size and offset, a page continuing the last one the same as a fresh one', async () => {
    const pages = [];
    for (let offset = 0; offset < 4; offset += 1)
      pages.push(await names('alphabeticalByName', { size: 1, offset }, s.adminApi.api));
    expect(pages).toEqual([['Demos'], ['Mareas'], ['Night Works'], ['Room Tone']]);
    // Straight to an offset no page ended at (no remembered position) answers the same rows.
    expect(await names('alphabeticalByName', { size: 2, offset: 1 }, s.adminApi.tokenApi)).toEqual([
      'Mareas',
      'Night Works',
    ]);
    expect(await names('alphabeticalByName', { size: 2, offset: 3 })).toEqual([]);
    expect(await names('alphabeticalByName', { size: 0 })).toEqual([]);
  });

  it('lists the newest first', async () => {
    // The fixture imports single, paid, free in that order (hidden last).
    expect(await names('newest')).toEqual(['Mareas', 'Night Works', 'Room Tone']);
  });

  it('lists the most played and the recently played', async () => {
    await setCollection(s.fx.ids.single, { play_count: 9, last_played_at: '2026-01-02T00:00:00Z' });
    await setCollection(s.fx.ids.paid, { play_count: 3, last_played_at: '2026-03-01T00:00:00Z' });
    await setCollection(s.fx.ids.hidden, {
      play_count: 99,
      last_played_at: '2026-04-01T00:00:00Z',
    });
    expect(await names('frequent')).toEqual(['Room Tone', 'Night Works']);
    expect(await names('recent')).toEqual(['Night Works', 'Room Tone']);
  });

  it('lists the caller’s starred and best rated albums', async () => {
    const userId = s.user.userId;
    await s.t.db
      .insertInto('stars')
      .values([
        { user_id: userId, kind: 'album', item_id: s.fx.ids.single, created_at: '2026-01-01' },
        { user_id: userId, kind: 'album', item_id: s.fx.ids.free, created_at: '2026-02-01' },
        { user_id: userId, kind: 'album', item_id: s.fx.ids.hidden, created_at: '2026-03-01' },
      ])
      .execute();
    await s.t.db
      .insertInto('ratings')
      .values([
        { user_id: userId, kind: 'album', item_id: s.fx.ids.paid, rating: 5 },
        { user_id: userId, kind: 'album', item_id: s.fx.ids.single, rating: 2 },
        { user_id: userId, kind: 'album', item_id: s.fx.ids.hidden, rating: 5 },
      ])
      .execute();
    expect(await names('starred')).toEqual(['Mareas', 'Room Tone']);
    expect(await names('highest')).toEqual(['Night Works', 'Room Tone']);
    // Another user's stars are theirs.
    expect(await names('starred', {}, s.adminApi.api)).toEqual([]);
  });

  it('lists by year, either way round, and by genre', async () => {
    expect(await names('byYear', { fromYear: 2022, toYear: 2023 })).toEqual([
      'Room Tone',
      'Night Works',
    ]);
    expect(await names('byYear', { fromYear: 2030, toYear: 2023 })).toEqual([
      'Mareas',
      'Night Works',
    ]);
    expect(await names('byGenre', { genre: 'house' })).toEqual(['Mareas']);
    expect(await names('byGenre', { genre: 'Drum & Bass' })).toEqual([]);
    expect(codeOf(await s.member.api.getAlbumList2({ type: 'byYear', fromYear: 2020 }))).toBe(10);
    expect(codeOf(await s.member.api.getAlbumList2({ type: 'byGenre' }))).toBe(10);
  });

  it('draws random albums among the visible ones only', async () => {
    for (let i = 0; i < 5; i += 1) {
      const drawn = await names('random', { size: 10 });
      expect(drawn.sort()).toEqual(['Mareas', 'Night Works', 'Room Tone']);
    }
    expect((await names('random', { size: 2 })).length).toBe(2);
  });

  it('refuses an unknown type', async () => {
    const answer = await s.member.api.getAlbumList2({ type: 'loudest' as ListType });
    expect(answer.status).toBe('failed');
  });
});

describe('getAlbumList', () => {
  it('lists albums as directories', async () => {
    const answer = await s.member.api.getAlbumList({ type: 'alphabeticalByName', size: 1 });
    expect(answer.albumList.album).toEqual([
      expect.objectContaining({ id: `al-${s.fx.ids.free}`, isDir: true, title: 'Mareas' }),
    ]);
  });
});

describe('getRandomSongs and getSongsByGenre', () => {
  it('draws visible songs, filtered by genre and years', async () => {
    const all = await s.member.api.getRandomSongs({ size: 50 });
    expect(all.randomSongs.song!.map((song) => song.title).sort()).toEqual([
      'Espuma',
      'Gear',
      'Ola',
      'Piston',
      'Room Tone',
    ]);
    const house = await s.member.tokenApi.getRandomSongs({ size: 50, genre: 'House' });
    expect(house.randomSongs.song!.map((song) => song.title).sort()).toEqual(['Espuma', 'Ola']);
    const old = await s.member.api.getRandomSongs({ size: 50, toYear: 2022 });
    expect(old.randomSongs.song!.map((song) => song.title)).toEqual(['Room Tone']);
    const two = await s.member.api.getRandomSongs({ size: 2 });
    expect(new Set(two.randomSongs.song!.map((song) => song.id)).size).toBe(2);
  });

  it('pages the songs of a genre', async () => {
    const first = await s.member.api.getSongsByGenre({ genre: 'techno', count: 1 });
    const second = await s.member.api.getSongsByGenre({ genre: 'techno', count: 1, offset: 1 });
    const titles = [...first.songsByGenre.song!, ...second.songsByGenre.song!].map((x) => x.title);
    expect(titles.sort()).toEqual(['Gear', 'Piston']);
    const hidden = await s.member.api.getSongsByGenre({ genre: 'Drum & Bass' });
    expect(hidden.songsByGenre.song ?? []).toEqual([]);
  });
});

describe('the same rules as the web app', () => {
  it('leaves what the role blacklists out of every list', async () => {
    const chill = await subsonicMemberWithRole(s, { blacklisted_tags: '["chill"]' });
    for (const type of ['alphabeticalByName', 'newest', 'random', 'frequent'] as const)
      expect(await names(type, { size: 50 }, chill.api)).not.toContain('Room Tone');
    const songs = await chill.api.getRandomSongs({ size: 50 });
    expect(songs.randomSongs.song!.map((song) => song.title)).not.toContain('Room Tone');
    const ambient = await chill.api.getSongsByGenre({ genre: 'Ambient' });
    expect(ambient.songsByGenre.song ?? []).toEqual([]);
  });

  it('refuses every list with 50 without the browse right', async () => {
    const none = await subsonicMemberWithRole(s, { enable_browse: 0 });
    expect(codeOf(await none.api.getAlbumList2({ type: 'newest' }))).toBe(50);
    expect(codeOf(await none.api.getAlbumList({ type: 'random' }))).toBe(50);
    expect(codeOf(await none.api.getRandomSongs())).toBe(50);
    expect(codeOf(await none.api.getSongsByGenre({ genre: 'House' }))).toBe(50);
  });
});
