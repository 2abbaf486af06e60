import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_RELEASES, type DemoRelease } from '../../server/demo/demo-catalogue';
import { generateDemoLibrary } from '../../server/demo/demo-library';
import { importFolder } from '../../server/jobs/library-import';
import { TAGS_VERSION } from '../../server/modules/catalogue/track-tags.repository';
import { unlockCollection } from '../helpers/collections';
import { createPlaylist, fileIdsOf, likedPlaylistOf } from '../helpers/playlists';
import { perFile, setUpLibrary, withMember } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

// Two short demo releases beside the fixture library: both kinds of library a real install has.
const DEMO: DemoRelease[] = DEMO_RELEASES.slice(0, 2).map((release) => ({
  ...release,
  titles: release.titles.slice(0, 2),
  seconds: 3,
}));

const s = perFile(async () => {
  const setup = await withMember(await setUpLibrary());
  const demo = await generateDemoLibrary(
    setup.fx.repo,
    setup.fx.images,
    join(setup.t.config.dataDir, 'media'),
    { releases: DEMO },
  );
  expect(demo.problems).toEqual([]);
  return setup;
});

/**
 * Puts the catalogue back the way the importer before issue 28 left it: no disc, gain or
 * compilation columns, no artist links or copies, no lyrics, tag reader version 0.
 */
async function asBeforeIssue28(t: TestApp): Promise<void> {
  await t.db
    .updateTable('audio')
    .set({
      disc_number: null,
      disc_count: null,
      disc_subtitle: null,
      track_gain: null,
      album_gain: null,
      compilation: 0,
      artist_refs: '[]',
      tags_version: 0,
    })
    .execute();
  await t.db.updateTable('collections').set({ artist_refs: '[]' }).execute();
  for (const table of ['track_artists', 'collection_artists', 'lyrics', 'artists'] as const)
    await t.db.deleteFrom(table).execute();
}

/** Everything a listener or the store keeps by file or collection id. */
async function userState(t: TestApp) {
  const [files, entries, unlocks, plays] = await Promise.all([
    t.db
      .selectFrom('files')
      .select(['file_id', 'collection_id', 'path'])
      .orderBy('file_id')
      .execute(),
    t.db
      .selectFrom('playlist_files')
      .select(['playlist_id', 'file_id', 'position'])
      .orderBy('playlist_id')
      .orderBy('file_id')
      .execute(),
    t.db.selectFrom('unlocked_collections').select(['user_id', 'collection_id']).execute(),
    t.db.selectFrom('audio').select(['file_id', 'play_count']).orderBy('file_id').execute(),
  ]);
  return { files, entries, unlocks, plays };
}

describe('re-importing a library imported before issue 28', () => {
  it('upgrades every track in place: file ids, likes, playlist entries and unlocks stay', async () => {
    const { t, fx, user } = s;
    const demoDir = join(t.config.dataDir, 'media', 'demo');
    const collections = await t.db.selectFrom('collections').select('collection_id').execute();
    expect(collections.length).toBe(4 + DEMO.length);
    const [first, second] = (await fileIdsOf(s, fx.ids.free)).audio;
    const [third] = (await fileIdsOf(s, fx.ids.paid)).audio;

    // A like, a playlist entry, an unlock and plays made on the old catalogue.
    const liked = await likedPlaylistOf(user);
    expect((await user.put(`/api/playlist/${liked}/file`, { ids: [first] })).statusCode).toBe(200);
    const mix = await createPlaylist(user, { title: 'Mix' });
    expect(
      (await user.put(`/api/playlist/${mix.playlistId}/file`, { ids: [second, third] })).statusCode,
    ).toBe(200);
    await unlockCollection(t, user.userId, fx.ids.paid);
    await user.get(`/downloader/file/${second}?playback=true`);
    await asBeforeIssue28(t);
    const before = await userState(t);

    for (const dir of [fx.musicDir, demoDir]) {
      const report = await importFolder(fx.repo, fx.images, dir, { waveforms: false });
      expect(report.problems).toEqual([]);
      expect(report).toMatchObject({ audioAdded: 0, collectionsCreated: 0 });
      expect(report.tracksUpgraded).toBeGreaterThan(0);
    }

    expect(await userState(t)).toEqual(before);
    const audio = await t.db
      .selectFrom('audio')
      .select(['file_id', 'tags_version', 'artist_refs', 'artists'])
      .execute();
    for (const row of audio) {
      expect(row.tags_version).toBe(TAGS_VERSION);
      const names = JSON.parse(row.artists) as string[];
      const refs = JSON.parse(row.artist_refs) as Array<{ artistName: string }>;
      expect(refs.map((r) => r.artistName)).toEqual(names);
    }
    const withoutAlbumArtist = await t.db
      .selectFrom('collections')
      .select('name')
      .where('artist_refs', '=', '[]')
      .execute();
    expect(withoutAlbumArtist).toEqual([]);

    // A third import finds nothing left to upgrade.
    const again = await importFolder(fx.repo, fx.images, fx.musicDir, { waveforms: false });
    expect(again.tracksUpgraded).toBe(0);
  });
});
