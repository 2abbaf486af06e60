import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPlaylist, likedPlaylistOf } from '../helpers/playlists';
import { perFile } from '../helpers/setup';
import type { LibrarySetup } from '../helpers/setup';
import { listen, subsonicFor } from '../helpers/subsonic';
import { setUpRescan, titlesOf } from './rescan-fixture';

const band = { artists: ['Band'], albumArtists: ['Band'] };

const s = perFile(async () => {
  const setup = await setUpRescan();
  await setup.write('Mover/01 One', { ...band, album: 'Mover', title: 'One', trackNumber: 1 }, 300);
  await setup.write('Mover/02 Two', { ...band, album: 'Mover', title: 'Two', trackNumber: 2 }, 350);
  await writeFile(join(setup.root, 'Mover', 'booklet.pdf'), '%PDF-1.4 booklet');
  const first = await setup.scan();
  expect(first.problems).toEqual([]);
  const collectionId = first.collectionIds[0]!;
  const before = titlesOf(await setup.page(collectionId));
  const [one, two] = before.map((t) => t.fileId) as [number, number];
  // What listeners keep by id: a like, a playlist entry, a play count and a /rest star.
  const liked = await likedPlaylistOf(setup.user);
  expect((await setup.user.put(`/api/playlist/${liked}/file`, { ids: [one] })).statusCode).toBe(
    200,
  );
  const mix = await createPlaylist(setup.user, { title: 'Mix' });
  const entry = await setup.user.put(`/api/playlist/${mix.playlistId}/file`, { ids: [two] });
  expect(entry.statusCode, entry.body).toBe(200);
  await setup.t.db.updateTable('audio').set({ play_count: 7 }).where('file_id', '=', two).execute();
  const url = await listen(setup as unknown as LibrarySetup);
  const rest = await subsonicFor(url, setup.user, setup.user.userName);
  expect((await rest.api.star({ id: String(one) })).status).toBe('ok');
  expect((await rest.api.star({ albumId: `al-${collectionId}` })).status).toBe('ok');
  return { ...setup, collectionId, before, one, two, liked, mix, rest };
}, 180_000);

describe('a renamed album folder', () => {
  it('is the same collection with the same files: moved, not added', async () => {
    await rename(join(s.root, 'Mover'), join(s.root, 'Mover (2024 remaster)'));
    const report = await s.scan();
    expect(report).toMatchObject({ moved: 2, new: 0, missing: 0, changed: 0, problems: [] });
    expect(titlesOf(await s.page(s.collectionId))).toEqual(s.before);
    const collections = await s.t.db.selectFrom('collections').select('folder').execute();
    expect(collections).toEqual([{ folder: join(s.root, 'Mover (2024 remaster)') }]);
    const paths = await s.t.db.selectFrom('files').select('path').orderBy('file_id').execute();
    expect(paths.map((p) => p.path)).toEqual([
      join(s.root, 'Mover (2024 remaster)', '01 One.mp3'),
      join(s.root, 'Mover (2024 remaster)', '02 Two.mp3'),
      // The booklet follows its album, not added again nor left missing.
      join(s.root, 'Mover (2024 remaster)', 'booklet.pdf'),
    ]);
    const missing = await s.t.db
      .selectFrom('files')
      .select('file_id')
      .where('missing_since', 'is not', null)
      .execute();
    expect(missing).toEqual([]);
  });

  it('keeps the like, the playlist entry, the play count and the /rest stars', async () => {
    expect((await s.user.get('/api/playlist/liked/ids')).json()).toEqual([s.one]);
    const mix = await s.user.get(`/api/playlist/${s.mix.playlistId}`);
    expect(mix.statusCode).toBe(200);
    expect(JSON.stringify(mix.json())).toContain(`"fileId":${s.two}`);
    const plays = await s.t.db
      .selectFrom('audio')
      .select('play_count')
      .where('file_id', '=', s.two)
      .executeTakeFirstOrThrow();
    expect(Number(plays.play_count)).toBe(7);
    // Its stream still answers (and counts one more play).
    const stream = await s.user.get(`/downloader/file/${s.two}?playback=true`);
    expect(stream.statusCode).toBe(200);
    const starred = (await s.rest.api.getStarred2()).starred2;
    expect((starred.song ?? []).map((song) => song.id)).toEqual([String(s.one)]);
    expect((starred.album ?? []).map((album) => album.id)).toEqual([`al-${s.collectionId}`]);
  });

  it('finds a file moved while it was missing, in a later scan', async () => {
    const away = join(s.root, '..', 'away.mp3');
    const path = join(s.root, 'Mover (2024 remaster)', '01 One.mp3');
    await rename(path, away);
    expect(await s.scan()).toMatchObject({ missing: 1, moved: 0 });
    await rename(away, join(s.root, 'Mover (2024 remaster)', 'One (moved).mp3'));
    expect(await s.scan()).toMatchObject({ missing: 0, moved: 1, new: 0 });
    expect(titlesOf(await s.page(s.collectionId)).map((t) => t.fileId)).toEqual([s.one, s.two]);
    expect((await s.user.get('/api/playlist/liked/ids')).json()).toEqual([s.one]);
  });
});
