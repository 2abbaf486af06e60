import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithApiRole, setUpApp, type AppSetup } from '../helpers/setup';
import { codeOf, subsonicFor, type SubsonicUser } from '../helpers/subsonic';
import { albumFolder, scanned } from './library-fixture';

/**
 * Libraries as Subsonic music folders (issue 46), through the subsonic-api npm client: a member
 * whose role lists only the first library gets one folder and never an album of the second;
 * `musicFolderId` narrows each listing call to one library, for administrators too.
 */
describe('music folders over /rest', () => {
  let first: Awaited<ReturnType<typeof albumFolder>>;
  let second: Awaited<ReturnType<typeof albumFolder>>;
  let setup: AppSetup;
  let admin: SubsonicUser;
  let limited: SubsonicUser;
  let secondId: number;

  beforeAll(async () => {
    first = await albumFolder('rest-first', 'Home Album', 'Resident');
    second = await albumFolder('rest-second', 'Guest Album', 'Visitor');
    setup = await setUpApp({ env: { MUSIC_DIR: first.root, SCAN_INTERVAL: '0' } });
    await setup.admin.post('/api/library/import');
    await scanned(setup.admin, 1);
    const added = await setup.admin.put('/api/library', { name: 'Guests', path: second.root });
    secondId = added.json<{ libraryId: number }>().libraryId;
    await scanned(setup.admin, secondId);
    // One genre on both albums, for getSongsByGenre.
    const rows = await setup.t.db.selectFrom('collections').select('collection_id').execute();
    for (const row of rows)
      await setup.admin.post(`/api/audio_collection/${row.collection_id}`, {
        audioGenres: ['Shared'],
      });
    await setup.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = setup.t.app.server.address();
    if (address === null || typeof address !== 'object') throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}`;
    admin = await subsonicFor(url, setup.admin, 'admin');
    const member = await memberWithApiRole(setup, 'homebody', { roleLibraries: [1] });
    limited = await subsonicFor(url, member, 'homebody');
  });
  afterAll(async () => {
    await setup.close();
    await first.remove();
    await second.remove();
  });

  const albumNames = async (user: SubsonicUser, musicFolderId?: number) => {
    const answer = await user.api.getAlbumList2({
      type: 'alphabeticalByName',
      size: 50,
      ...(musicFolderId === undefined ? {} : { musicFolderId }),
    });
    return (answer.albumList2.album ?? []).map((album) => album.name);
  };

  it('lists the libraries each caller sees as music folders', async () => {
    expect((await admin.api.getMusicFolders()).musicFolders.musicFolder).toEqual([
      { id: 1, name: 'Music' },
      { id: secondId, name: 'Guests' },
    ]);
    expect((await limited.api.getMusicFolders()).musicFolders.musicFolder).toEqual([
      { id: 1, name: 'Music' },
    ]);
  });

  it('never lists the other library to a member whose role lacks it', async () => {
    expect(await albumNames(limited)).toEqual(['Home Album']);
    const found = await limited.api.search3({ query: 'Album' });
    expect((found.searchResult3.album ?? []).map((album) => album.name)).toEqual(['Home Album']);
    const artists = await limited.api.getArtists();
    const names = (artists.artists.index ?? []).flatMap((index) =>
      (index.artist ?? []).map((a) => a.name),
    );
    expect(names).toEqual(['Resident']);
    const random = await limited.api.getRandomSongs({ size: 50 });
    expect(new Set((random.randomSongs.song ?? []).map((song) => song.album))).toEqual(
      new Set(['Home Album']),
    );
  });

  it('narrows each listing call to the library musicFolderId names', async () => {
    expect(await albumNames(admin, secondId)).toEqual(['Guest Album']);
    expect(await albumNames(admin, 1)).toEqual(['Home Album']);
    expect(await albumNames(admin)).toEqual(['Guest Album', 'Home Album']);

    const search = await admin.api.search3({ query: 'Album', musicFolderId: secondId });
    expect((search.searchResult3.song ?? []).map((song) => song.album)).toEqual([
      'Guest Album',
      'Guest Album',
    ]);
    const artists = await admin.api.getArtists({ musicFolderId: secondId });
    const names = (artists.artists.index ?? []).flatMap((index) =>
      (index.artist ?? []).map((a) => a.name),
    );
    expect(names).toEqual(['Visitor']);
    const indexes = await admin.api.getIndexes({ musicFolderId: 1 });
    const indexNames = (indexes.indexes.index ?? []).flatMap((i) =>
      (i.artist ?? []).map((a) => a.name),
    );
    expect(indexNames).toEqual(['Resident']);
    const random = await admin.api.getRandomSongs({ size: 50, musicFolderId: secondId });
    expect(new Set((random.randomSongs.song ?? []).map((song) => song.album))).toEqual(
      new Set(['Guest Album']),
    );
    const byGenre = await admin.api.getSongsByGenre({ genre: 'Shared', musicFolderId: 1 });
    expect((byGenre.songsByGenre.song ?? []).map((song) => song.album)).toEqual([
      'Home Album',
      'Home Album',
    ]);
  });

  it('narrows starred items too', async () => {
    const all = await admin.api.getAlbumList2({ type: 'alphabeticalByName', size: 50 });
    for (const album of all.albumList2.album ?? []) await admin.api.star({ albumId: album.id });
    const starred = await admin.api.getStarred2({ musicFolderId: secondId });
    expect((starred.starred2.album ?? []).map((album) => album.name)).toEqual(['Guest Album']);
    const everything = await admin.api.getStarred2();
    expect((everything.starred2.album ?? []).map((album) => album.name).sort()).toEqual([
      'Guest Album',
      'Home Album',
    ]);
  });

  it('answers "not found" (70) for a folder the caller does not see or that does not exist', async () => {
    for (const [user, id] of [
      [limited, secondId],
      [admin, 999],
    ] as const) {
      const answer = await user.api
        .getAlbumList2({ type: 'newest', musicFolderId: id })
        .catch((error: unknown) => error);
      expect(codeOf(answer)).toBe(70);
    }
    const bad = await admin.api
      .getAlbumList2({ type: 'newest', musicFolderId: 'two' })
      .catch((error: unknown) => error);
    expect(codeOf(bad)).toBe(10);
  });
});
