import { describe, expect, it } from 'vitest';
import { perFile } from '../helpers/setup';
import { setUpSubsonic, subsonicMemberWithRole, codeOf, artistRefOf } from '../helpers/subsonic';

const s = perFile(setUpSubsonic);

const artistNamed = (name: string): Promise<string> => artistRefOf(s, name);

const filesOf = async (collectionId: number): Promise<number[]> =>
  (
    await s.t.db
      .selectFrom('files')
      .innerJoin('audio', 'audio.file_id', 'files.file_id')
      .select('files.file_id')
      .where('collection_id', '=', collectionId)
      .orderBy('files.file_id')
      .execute()
  ).map((r) => Number(r.file_id));

describe('getMusicFolders', () => {
  it('answers one folder holding the whole library', async () => {
    const answer = await s.member.api.getMusicFolders();
    expect(answer.status).toBe('ok');
    expect(answer.musicFolders.musicFolder).toEqual([{ id: 1, name: 'Music' }]);
  });
});

describe('getArtists and getIndexes', () => {
  it('index visible artists by the first letter of their sort name, with album counts', async () => {
    const answer = await s.member.tokenApi.getArtists();
    expect(answer.status).toBe('ok');
    expect(answer.artists.ignoredArticles).toBe('The El La Los Las Le Les');
    const index = answer.artists.index!.map((i) => [i.name, i.artist!.map((a) => a.name)]);
    // The hidden collection's artist is not named to a member.
    expect(index).toEqual([
      ['A', ['Ana Ruiz']],
      ['B', ['Björk Test']],
      ['M', ['Mira Vale']],
    ]);
    const ana = answer.artists.index![0]!.artist![0]!;
    expect(ana).toMatchObject({ id: await artistNamed('Ana Ruiz'), albumCount: 1 });
    expect(ana.coverArt).toBe(ana.id);
    const admin = await s.adminApi.api.getArtists();
    expect(admin.artists.index!.flatMap((i) => i.artist!.map((a) => a.name))).toContain(
      'Dax Okoro',
    );
  });

  it('sorts by sort name and leaves leading articles out', async () => {
    const mira = Number((await artistNamed('Mira Vale')).slice(3));
    await s.t.db
      .updateTable('artists')
      .set({ sort_name: 'Vale, Mira' })
      .where('artist_id', '=', mira)
      .execute();
    await s.t.db
      .updateTable('artists')
      .set({ name: 'The Björk Test' })
      .where('name', '=', 'Björk Test')
      .execute();
    try {
      const answer = await s.member.api.getIndexes();
      const index = answer.indexes.index!.map((i) => [i.name, i.artist!.map((a) => a.name)]);
      expect(index).toEqual([
        ['A', ['Ana Ruiz']],
        ['B', ['The Björk Test']],
        ['V', ['Mira Vale']],
      ]);
    } finally {
      await s.t.db
        .updateTable('artists')
        .set({ sort_name: null })
        .where('artist_id', '=', mira)
        .execute();
      await s.t.db
        .updateTable('artists')
        .set({ name: 'Björk Test' })
        .where('name', '=', 'The Björk Test')
        .execute();
    }
  });

  it('answers no index when nothing changed since ifModifiedSince', async () => {
    const full = await s.member.api.getIndexes();
    const { lastModified } = full.indexes;
    expect(lastModified).toBeGreaterThan(0);
    const same = await s.member.api.getIndexes({ ifModifiedSince: lastModified });
    expect(same.status).toBe('ok');
    expect(same.indexes.index).toBeUndefined();
    expect(same.indexes.lastModified).toBe(lastModified);
    const older = await s.member.api.getIndexes({ ifModifiedSince: lastModified - 1 });
    expect(older.indexes.index!.length).toBe(3);
  });
});

describe('getArtist, getAlbum, getSong', () => {
  it('answers an artist with its albums, and an album with its songs', async () => {
    const id = await artistNamed('Ana Ruiz');
    const artist = await s.member.api.getArtist({ id });
    expect(artist.status).toBe('ok');
    expect(artist.artist).toMatchObject({ id, name: 'Ana Ruiz', albumCount: 1 });
    expect(artist.artist.album!.map((a) => a.id)).toEqual([`al-${s.fx.ids.free}`]);

    const album = await s.member.api.getAlbum({ id: `al-${s.fx.ids.free}` });
    expect(album.status).toBe('ok');
    expect(album.album).toMatchObject({
      name: 'Mareas',
      artist: 'Ana Ruiz',
      artistId: id,
      songCount: 2,
      year: 2024,
      genre: 'House',
      coverArt: `al-${s.fx.ids.free}`,
      isCompilation: false,
    });
    expect(album.album.song!.map((song) => song.title)).toEqual(['Ola', 'Espuma']);
    const song = album.album.song![0]!;
    expect(song).toMatchObject({
      isDir: false,
      parent: `al-${s.fx.ids.free}`,
      albumId: `al-${s.fx.ids.free}`,
      album: 'Mareas',
      artist: 'Ana Ruiz',
      artistId: id,
      track: 1,
      suffix: 'flac',
      contentType: 'audio/flac',
      type: 'music',
      path: 'Ana Ruiz/Mareas/01 Ola.flac',
      duration: 8,
      artists: [{ id, name: 'Ana Ruiz' }],
      displayArtist: 'Ana Ruiz',
    });
    expect(song.path).not.toContain(s.fx.musicDir);
  });

  it('orders an album by disc, then track, and names its discs', async () => {
    const [piston, gear] = await filesOf(s.fx.ids.paid);
    await s.t.db
      .updateTable('audio')
      .set({ disc_number: 2, track_number: 1, disc_subtitle: 'Night' })
      .where('file_id', '=', piston!)
      .execute();
    await s.t.db
      .updateTable('audio')
      .set({ disc_number: 1, track_number: 2, disc_subtitle: 'Day' })
      .where('file_id', '=', gear!)
      .execute();
    const album = await s.member.api.getAlbum({ id: `al-${s.fx.ids.paid}` });
    expect(album.album.song!.map((song) => [song.title, song.discNumber])).toEqual([
      ['Gear', 1],
      ['Piston', 2],
    ]);
    expect(album.album.discTitles).toEqual([
      { disc: 1, title: 'Day' },
      { disc: 2, title: 'Night' },
    ]);
  });

  it('answers one song, and 70 for a hidden, missing or malformed id', async () => {
    const [ola] = await filesOf(s.fx.ids.free);
    const song = await s.member.api.getSong({ id: String(ola) });
    expect(song.status).toBe('ok');
    expect(song.song.title).toBe('Ola');
    const [hidden] = await filesOf(s.fx.ids.hidden);
    expect(codeOf(await s.member.api.getSong({ id: String(hidden) }))).toBe(70);
    expect((await s.adminApi.api.getSong({ id: String(hidden) })).status).toBe('ok');
    expect(codeOf(await s.member.api.getSong({ id: '999999' }))).toBe(70);
    expect(codeOf(await s.member.api.getSong({ id: 'al-1' }))).toBe(70);
    expect(codeOf(await s.member.api.getAlbum({ id: `al-${s.fx.ids.hidden}` }))).toBe(70);
    expect(codeOf(await s.member.api.getAlbum({ id: 'nonsense' }))).toBe(70);
    expect(codeOf(await s.member.api.getArtist({ id: await artistNamed('Dax Okoro') }))).toBe(70);
    // Without an id: a missing parameter (10).
    expect(codeOf(await s.member.api.getSong({} as { id: string }))).toBe(10);
  });
});

describe('stars and ratings in library answers', () => {
  it('shows the caller’s starred songs and albums and their ratings', async () => {
    const [ola] = await filesOf(s.fx.ids.free);
    const albumId = `al-${s.fx.ids.free}`;
    expect((await s.member.api.star({ id: String(ola), albumId })).status).toBe('ok');
    expect((await s.member.api.setRating({ id: albumId, rating: 4 })).status).toBe('ok');
    const album = await s.member.api.getAlbum({ id: albumId });
    expect(album.album.starred).toBeDefined();
    expect(album.album.userRating).toBe(4);
    expect(album.album.song!.map((song) => song.starred !== undefined)).toEqual([true, false]);
    const listed = await s.member.api.getAlbumList2({ type: 'starred' });
    expect(listed.albumList2.album!.map((a) => [a.id, a.starred !== undefined])).toEqual([
      [albumId, true],
    ]);
    // Another user's answer carries none of them.
    const admin = await s.adminApi.api.getAlbum({ id: albumId });
    expect(admin.album.starred).toBeUndefined();
    expect(admin.album.song!.every((song) => song.starred === undefined)).toBe(true);
    await s.member.api.unstar({ id: String(ola), albumId });
    await s.member.api.setRating({ id: albumId, rating: 0 });
  });
});

describe('getMusicDirectory', () => {
  it('lists an artist as album folders and an album as songs; anything else is 70', async () => {
    const artistId = await artistNamed('Ana Ruiz');
    const artist = await s.member.api.getMusicDirectory({ id: artistId });
    expect(artist.directory).toMatchObject({ id: artistId, name: 'Ana Ruiz' });
    expect(artist.directory.child!.map((c) => [c.id, c.isDir, c.title])).toEqual([
      [`al-${s.fx.ids.free}`, true, 'Mareas'],
    ]);
    const album = await s.member.api.getMusicDirectory({ id: `al-${s.fx.ids.free}` });
    expect(album.directory).toMatchObject({ name: 'Mareas', parent: artistId });
    expect(album.directory.child!.map((c) => [c.isDir, c.title])).toEqual([
      [false, 'Ola'],
      [false, 'Espuma'],
    ]);
    const [ola] = await filesOf(s.fx.ids.free);
    expect(codeOf(await s.member.api.getMusicDirectory({ id: String(ola) }))).toBe(70);
    expect(codeOf(await s.member.api.getMusicDirectory({ id: `al-${s.fx.ids.hidden}` }))).toBe(70);
  });
});

describe('getGenres', () => {
  it('counts the albums and songs of each genre the caller may see', async () => {
    const answer = await s.member.api.getGenres();
    expect(answer.genres.genre).toEqual([
      { value: 'Ambient', albumCount: 1, songCount: 1 },
      { value: 'House', albumCount: 1, songCount: 2 },
      { value: 'Techno', albumCount: 1, songCount: 2 },
    ]);
    const admin = await s.adminApi.api.getGenres();
    expect(admin.genres.genre!.map((g) => g.value)).toContain('Drum & Bass');
  });
});

describe('getTopSongs, getSimilarSongs2, getArtistInfo2, getAlbumInfo2', () => {
  it('answers an artist’s most played songs by name', async () => {
    const [ola, espuma] = await filesOf(s.fx.ids.free);
    await s.t.db
      .updateTable('audio')
      .set({ play_count: 5 })
      .where('file_id', '=', espuma!)
      .execute();
    const answer = await s.member.api.getTopSongs({ artist: 'ana ruiz', count: 5 });
    expect(answer.topSongs.song!.map((song) => song.id)).toEqual([String(espuma), String(ola)]);
    const one = await s.member.api.getTopSongs({ artist: 'Ana Ruiz', count: 1 });
    expect(one.topSongs.song!.map((song) => song.id)).toEqual([String(espuma)]);
    const hidden = await s.member.api.getTopSongs({ artist: 'Dax Okoro' });
    expect(hidden.topSongs.song).toBeUndefined();
  });

  it('answers songs of the same artist or genre, never hidden ones', async () => {
    const id = await artistNamed('Ana Ruiz');
    const answer = await s.member.api.getSimilarSongs2({ id, count: 10 });
    // The radio (issue 48): the artist's own songs lead, then it widens to what else is visible.
    const titles = answer.similarSongs2.song!.map((song) => song.title);
    expect(titles.slice(0, 2).sort()).toEqual(['Espuma', 'Ola']);
    expect(titles).not.toContain('Demo One');
    expect(
      codeOf(await s.member.api.getSimilarSongs2({ id: await artistNamed('Dax Okoro') })),
    ).toBe(70);
  });

  it('answers sparse info for visible artists and albums', async () => {
    const info = await s.member.api.getArtistInfo2({ id: await artistNamed('Ana Ruiz') });
    expect(info.status).toBe('ok');
    expect(info.artistInfo2.biography).toBe('');
    const older = await s.member.api.getArtistInfo({ id: await artistNamed('Ana Ruiz') });
    expect(older.artistInfo.biography).toBe('');
    const album = await s.member.api.getAlbumInfo2({ id: `al-${s.fx.ids.free}` });
    expect(album.status).toBe('ok');
    expect((await s.member.api.getAlbumInfo({ id: `al-${s.fx.ids.free}` })).status).toBe('ok');
    expect(codeOf(await s.member.api.getAlbumInfo2({ id: `al-${s.fx.ids.hidden}` }))).toBe(70);
  });
});

describe('the same rules as the web app', () => {
  it('hides what the role blacklists from every browsing call', async () => {
    const chill = await subsonicMemberWithRole(s, { blacklisted_tags: '["chill"]' });
    const artists = await chill.api.getArtists();
    expect(artists.artists.index!.flatMap((i) => i.artist!.map((a) => a.name))).not.toContain(
      'Mira Vale',
    );
    expect(codeOf(await chill.api.getAlbum({ id: `al-${s.fx.ids.single}` }))).toBe(70);
    expect(codeOf(await chill.api.getArtist({ id: await artistNamed('Mira Vale') }))).toBe(70);
    const genres = await chill.api.getGenres();
    expect(genres.genres.genre!.map((g) => g.value)).not.toContain('Ambient');
  });

  it('refuses every library call with 50 without the browse right', async () => {
    const none = await subsonicMemberWithRole(s, { enable_browse: 0 });
    const id = `al-${s.fx.ids.free}`;
    for (const answer of [
      await none.api.getMusicFolders(),
      await none.api.getArtists(),
      await none.api.getIndexes(),
      await none.api.getGenres(),
      await none.api.getAlbum({ id }),
      await none.api.getMusicDirectory({ id }),
      await none.api.getArtist({ id: await artistNamed('Ana Ruiz') }),
      await none.api.getTopSongs({ artist: 'Ana Ruiz' }),
    ])
      expect(codeOf(answer)).toBe(50);
  });

  it('answers XML too, with songs as child elements', async () => {
    const response = await s.member.api.custom('getAlbum', { id: `al-${s.fx.ids.free}`, f: 'xml' });
    const xml = await response.text();
    expect(response.headers.get('content-type')).toContain('xml');
    expect(xml).toMatch(/<album [^>]*name="Mareas"/);
    expect(xml.match(/<song /g)?.length).toBe(2);
  });
});
