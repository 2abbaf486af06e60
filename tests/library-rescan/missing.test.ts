import { rename } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { likedPlaylistOf } from '../helpers/playlists';
import { perFile } from '../helpers/setup';
import { searchIds, setUpRescan, titlesOf } from './rescan-fixture';

const band = { artists: ['Band'], albumArtists: ['Band'] };

const s = perFile(async () => {
  const setup = await setUpRescan();
  const kept = await setup.write('Kept/01 Stays', { ...band, album: 'Kept', title: 'Stays' }, 500);
  const gone = await setup.write('Gone/01 Lost', { ...band, album: 'Gone', title: 'Lost' }, 300);
  const first = await setup.scan();
  expect(first.problems).toEqual([]);
  const pages = await Promise.all(first.collectionIds.map((id) => setup.page(id)));
  const goneAlbum = pages.find((p) => p.collection.collectionName === 'Gone')!;
  const fileId = goneAlbum.files[0]!.file.fileId;
  const liked = await likedPlaylistOf(setup.user);
  const like = await setup.user.put(`/api/playlist/${liked}/file`, { ids: [fileId] });
  expect(like.statusCode, like.body).toBe(200);
  return { ...setup, kept, gone, fileId, liked, collectionId: goneAlbum.collection.collectionId };
});

const likedIds = async () => (await s.user.get('/api/playlist/liked/ids')).json<number[]>();

describe('a file gone from the library folder', () => {
  it('is marked missing at once: off its page, out of search and likes, its stream 404', async () => {
    await rename(s.gone, `${s.gone}.away`);
    const report = await s.scan();
    expect(report).toMatchObject({ missing: 1, new: 0, changed: 0, problems: [] });
    const page = await s.user.get(`/api/audio_collection/${s.collectionId}`);
    if (page.statusCode === 200) expect(titlesOf(await s.page(s.collectionId))).toEqual([]);
    expect(await searchIds(s, 'lost')).toEqual([]);
    expect(await searchIds(s, 'gone')).toEqual([]);
    expect(await likedIds()).toEqual([]);
    const stream = await s.user.get(`/downloader/file/${s.fileId}?playback=true`);
    expect(stream.statusCode).toBe(404);
    // Kept, not deleted: the like's row is still there.
    const row = await s.t.db
      .selectFrom('playlist_files')
      .select('file_id')
      .where('playlist_id', '=', s.liked)
      .execute();
    expect(row.map((r) => r.file_id)).toEqual([s.fileId]);
  });

  it('comes back with its like when it returns where it was', async () => {
    await rename(`${s.gone}.away`, s.gone);
    const report = await s.scan();
    expect(report).toMatchObject({ missing: 0, restored: 1, new: 0, problems: [] });
    expect(titlesOf(await s.page(s.collectionId))).toEqual([{ fileId: s.fileId, title: 'Lost' }]);
    expect(await searchIds(s, 'lost')).toEqual([s.collectionId]);
    expect(await likedIds()).toEqual([s.fileId]);
    const stream = await s.user.get(`/downloader/file/${s.fileId}?playback=true`);
    expect(stream.statusCode).toBe(200);
  });

  it('marks nothing missing when the library folder itself is gone (an unmounted disk)', async () => {
    await rename(s.root, `${s.root}.unmounted`);
    try {
      const report = await s.scan();
      expect(report.missing).toBe(0);
      expect(report.problems).toEqual([
        {
          path: s.root,
          error: `The library folder ${s.root} is missing or empty; nothing was marked missing`,
        },
      ]);
      const missing = await s.t.db
        .selectFrom('files')
        .select('file_id')
        .where('missing_since', 'is not', null)
        .execute();
      expect(missing).toEqual([]);
    } finally {
      await rename(`${s.root}.unmounted`, s.root);
    }
  });

  it('is purged after the retention, with its like; counted until then', async () => {
    await rename(s.gone, `${s.gone}.away`);
    expect((await s.scan()).missing).toBe(1);
    const missingFiles = s.missingFiles;
    expect(await missingFiles.countMissing()).toBe(1);
    expect(await missingFiles.purgeMissing(30)).toBe(0);
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await missingFiles.purgeMissing(30, later)).toBe(1);
    expect(await missingFiles.countMissing()).toBe(0);
    const likes = await s.t.db
      .selectFrom('playlist_files')
      .select('file_id')
      .where('playlist_id', '=', s.liked)
      .execute();
    expect(likes).toEqual([]);
    expect(await missingFiles.removeMissingNow()).toBe(0);
  });
});
