import { describe, expect, it } from 'vitest';
import { perFile } from '../helpers/setup';
import { setUpSubsonic, subsonicMemberWithRole, codeOf } from '../helpers/subsonic';

const s = perFile(setUpSubsonic);

type Search3 = Parameters<typeof s.member.api.search3>[0];

async function search3(args: Search3, api = s.member.api) {
  const answer = await api.search3(args);
  expect(answer.status).toBe('ok');
  const result = answer.searchResult3;
  return {
    artists: (result.artist ?? []).map((a) => a.name),
    albums: (result.album ?? []).map((a) => a.name),
    songs: (result.song ?? []).map((x) => x.title),
    songIds: (result.song ?? []).map((x) => Number(x.id)),
  };
}

/** Every audio file id of collections the member may see, in id order. */
async function visibleSongIds(): Promise<number[]> {
  const rows = await s.t.db
    .selectFrom('files')
    .innerJoin('audio', 'audio.file_id', 'files.file_id')
    .innerJoin('collections', 'collections.collection_id', 'files.collection_id')
    .select('files.file_id')
    .where('collections.hidden', '=', 0)
    .orderBy('files.file_id')
    .execute();
  return rows.map((r) => Number(r.file_id));
}

describe('search3 with an empty query (a library sync)', () => {
  it('lists every visible song once, page by page, in a stable order', async () => {
    const expected = await visibleSongIds();
    expect(expected.length).toBe(5);
    for (const query of ['', '""']) {
      const synced: number[] = [];
      for (let offset = 0; ; offset += 2) {
        const page = await search3({
          query,
          songCount: 2,
          songOffset: offset,
          artistCount: 0,
          albumCount: 0,
        });
        expect(page.artists).toEqual([]);
        expect(page.albums).toEqual([]);
        synced.push(...page.songIds);
        if (page.songIds.length < 2) break;
      }
      expect(synced).toEqual(expected);
    }
  });

  it('answers a page asked for directly (no page before it) the same as one continuing', async () => {
    const expected = await visibleSongIds();
    // The token client is another app of the same user; the admin sees more, so use a fresh member.
    const fresh = await subsonicMemberWithRole(s, {});
    const page = await search3({ query: '', songCount: 2, songOffset: 3 }, fresh.api);
    expect(page.songIds).toEqual(expected.slice(3, 5));
    expect(page.artists.sort()).toEqual(['Ana Ruiz', 'Björk Test', 'Mira Vale']);
    expect(page.albums.sort()).toEqual(['Mareas', 'Night Works', 'Room Tone']);
  });

  it('pages artists and albums too', async () => {
    const first = await search3({ query: '', artistCount: 2, albumCount: 1, songCount: 0 });
    const rest = await search3({
      query: '',
      artistCount: 2,
      artistOffset: 2,
      albumCount: 5,
      albumOffset: 1,
      songCount: 0,
    });
    expect([...first.artists, ...rest.artists].sort()).toEqual([
      'Ana Ruiz',
      'Björk Test',
      'Mira Vale',
    ]);
    expect([...first.albums, ...rest.albums].sort()).toEqual([
      'Mareas',
      'Night Works',
      'Room Tone',
    ]);
    expect(first.songs).toEqual([]);
  });
});

describe('search3 with words', () => {
  it('folds the query like the web search (accents, case, word prefixes)', async () => {
    const bjork = await search3({ query: 'BJORK' });
    expect(bjork.artists).toEqual(['Björk Test']);
    expect(bjork.albums).toEqual(['Night Works']);
    expect(bjork.songs.sort()).toEqual(['Gear', 'Piston']);
    const espuma = await search3({ query: 'espu' });
    expect(espuma).toMatchObject({ artists: [], albums: ['Mareas'], songs: ['Espuma'] });
    const two = await search3({ query: 'ana ola' });
    expect(two.songs).toEqual(['Ola']);
    expect((await search3({ query: 'zzzz' })).songs).toEqual([]);
  });

  it('limits each kind by its count and offset', async () => {
    const first = await search3({ query: 'bjork', songCount: 1 });
    const second = await search3({ query: 'bjork', songCount: 1, songOffset: 1 });
    expect([...first.songs, ...second.songs].sort()).toEqual(['Gear', 'Piston']);
    expect((await search3({ query: 'bjork', artistCount: 0 })).artists).toEqual([]);
  });

  it('never finds what the caller may not see', async () => {
    expect(await search3({ query: 'okoro' })).toMatchObject({
      artists: [],
      albums: [],
      songs: [],
    });
    expect(await search3({ query: 'okoro' }, s.adminApi.api)).toMatchObject({
      artists: ['Dax Okoro'],
      albums: ['Demos'],
      songs: ['Demo One'],
    });
    const chill = await subsonicMemberWithRole(s, { blacklisted_tags: '["chill"]' });
    expect(await search3({ query: 'room tone' }, chill.api)).toMatchObject({
      artists: [],
      albums: [],
      songs: [],
    });
    const sync = await search3({ query: '', songCount: 50 }, chill.api);
    expect(sync.songs).not.toContain('Room Tone');
    expect(sync.artists).not.toContain('Mira Vale');
  });

  it('refuses with 50 without the browse right', async () => {
    const none = await subsonicMemberWithRole(s, { enable_browse: 0 });
    expect(codeOf(await none.api.search3({ query: '' }))).toBe(50);
    expect(codeOf(await none.api.search2({ query: 'ola' }))).toBe(50);
  });
});

describe('search2', () => {
  it('answers albums as directories and artists by id and name', async () => {
    const answer = await s.member.tokenApi.search2({ query: 'mareas' });
    expect(answer.status).toBe('ok');
    expect(answer.searchResult2.album).toEqual([
      expect.objectContaining({ id: `al-${s.fx.ids.free}`, isDir: true, title: 'Mareas' }),
    ]);
    const artist = await s.member.postApi.search2({ query: 'ana' });
    expect(artist.searchResult2.artist).toEqual([
      { id: expect.stringMatching(/^ar-/), name: 'Ana Ruiz' },
    ]);
  });
});
