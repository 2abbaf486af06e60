import { beforeAll, describe, expect, it } from 'vitest';
import { HomepageSchema, type Homepage } from '../../domain/homepage';
import { nowIso } from '../../server/db/database';
import { TestClient } from '../helpers/client';
import { idsOf } from '../helpers/catalogue-fixture';
import { homepageBuilt, homepageWhen } from '../helpers/homepage';
import {
  type LibrarySetup,
  memberWithApiRole,
  perFile,
  setUpLibrary,
  withMember,
} from '../helpers/setup';

const c = perFile(async () => withMember(await setUpLibrary()));
let ids: LibrarySetup['fx']['ids'];

beforeAll(() => {
  ids = c.fx.ids;
});

async function homepage(client: TestClient = c.user): Promise<Homepage> {
  const response = await client.get('/api/homepage');
  expect(response.statusCode, response.body).toBe(200);
  return HomepageSchema.parse(response.json());
}

const generated = (kind: string) =>
  c.t.db
    .selectFrom('playlists')
    .select(['playlist_id', 'title', 'created_at'])
    .where('kind', '=', kind)
    .orderBy('playlist_id')
    .execute();

async function fileIdsOf(collectionId: number): Promise<number[]> {
  const rows = await c.t.db
    .selectFrom('files')
    .select('file_id')
    .where('collection_id', '=', collectionId)
    .execute();
  return rows.map((r) => Number(r.file_id));
}

describe('GET /api/homepage', () => {
  it('answers the six sections and one row per homepage tag', async () => {
    const body = await homepage();
    // The first homepage sends the job that builds the generated playlists: waited for here,
    // so they are built from the fixture as it is, before the next test's role hides a
    // collection from some callers (generated playlists hold only tracks every role sees).
    await homepageBuilt(c.user);
    expect(Object.keys(body).sort()).toEqual(
      [
        'collectionsTags',
        'collectionsTop',
        'playlistsEditor',
        'playlistsRandom',
        'playlistsSpecial',
        'playlistsTop',
      ].sort(),
    );
    expect(body.collectionsTags.map((row) => row.tag)).toEqual(['New', 'Featured', 'Staff Picks']);
    const row = (tag: string) =>
      idsOf(body.collectionsTags.find((r) => r.tag === tag)!.collections);
    expect(row('New')).toEqual([ids.free]);
    expect(row('Featured')).toEqual([ids.free]);
    expect(row('Staff Picks')).toEqual([]);
  });

  it('keeps hidden and blacklisted collections out of the tag rows and the top list', async () => {
    await c.fx.repo.setTags(ids.hidden, ['Secret', 'New']);
    await c.fx.repo.setTags(ids.paid, ['Club', 'New']);
    const picky = await memberWithApiRole(c, 'picky', { roleBlacklistedTags: ['Club'] });
    const newRow = (body: Homepage) => idsOf(body.collectionsTags[0]!.collections);
    expect(newRow(await homepage()).sort()).toEqual([ids.free, ids.paid].sort());
    expect(newRow(await homepage(picky))).toEqual([ids.free]);
    expect(newRow(await homepage(c.admin))).toContain(ids.hidden);
    expect(idsOf((await homepage(picky)).collectionsTop)).not.toContain(ids.paid);
    expect(idsOf((await homepage()).collectionsTop)).not.toContain(ids.hidden);
  });

  it('orders the top collections by downloads and plays', async () => {
    await c.t.db
      .updateTable('collections')
      .set({ play_count: 7 })
      .where('collection_id', '=', ids.single)
      .execute();
    await c.t.db
      .updateTable('collections')
      .set({ download_count: 3 })
      .where('collection_id', '=', ids.paid)
      .execute();
    expect(idsOf((await homepage()).collectionsTop).slice(0, 2)).toEqual([ids.single, ids.paid]);
  });

  it('generates random, top-per-genre and special playlists as real rows', async () => {
    const body = await homepageBuilt(c.user);
    expect(body.playlistsRandom.map((p) => p.playlistTitle)).toEqual([
      'Random mix 1',
      'Random mix 2',
      'Random mix 3',
      'Random mix 4',
      'Random mix 5',
    ]);
    expect((await generated('random')).map((p) => p.playlist_id)).toEqual(
      body.playlistsRandom.map((p) => p.playlistId),
    );
    const hiddenFiles = await fileIdsOf(ids.hidden);
    const entries = await c.t.db
      .selectFrom('playlist_files')
      .select(['playlist_id', 'file_id'])
      .execute();
    expect(entries.some((e) => hiddenFiles.includes(Number(e.file_id)))).toBe(false);
    for (const mix of body.playlistsRandom) {
      expect(mix.playlistTrackCount).toBeGreaterThan(0);
      expect(mix.playlistTrackCount).toBeLessThanOrEqual(20);
    }
    expect(body.playlistsTop.map((p) => p.playlistTitle).sort()).toEqual([
      'Top Ambient',
      'Top House',
      'Top Techno',
    ]);
    const house = body.playlistsTop.find((p) => p.playlistTitle === 'Top House')!;
    expect(house.playlistTrackCount).toBe(2);
    expect(house.playlistImageHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.playlistsSpecial.map((p) => p.playlistTitle)).toEqual([
      'Fresh this month',
      'Long players',
    ]);
    expect(body.playlistsSpecial[0]!.playlistTrackCount).toBe(5);
  });

  it('keeps generated playlists for a day and regenerates them after', async () => {
    const first = await homepageBuilt(c.user);
    const again = await homepage();
    expect(again.playlistsRandom.map((p) => p.playlistId)).toEqual(
      first.playlistsRandom.map((p) => p.playlistId),
    );
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await c.t.db
      .updateTable('playlists')
      .set({ created_at: old })
      .where('kind', '=', 'top')
      .execute();
    const topIds = (body: Homepage) => body.playlistsTop.map((p) => p.playlistId).join();
    // The request answers with yesterday's playlists and sends the job; its result shows later.
    const renewed = await homepageWhen(c.user, (body) => topIds(body) !== topIds(first));
    // New rows (the genres may differ: an earlier test's role now hides a collection).
    const newest = Math.max(...first.playlistsTop.map((p) => p.playlistId));
    expect(renewed.playlistsTop.length).toBeGreaterThan(0);
    for (const p of renewed.playlistsTop) expect(p.playlistId).toBeGreaterThan(newest);
    expect(renewed.playlistsRandom.map((p) => p.playlistId)).toEqual(
      first.playlistsRandom.map((p) => p.playlistId),
    );
  });

  it('follows a change of randomizedPlaylistsCount and never double-generates', async () => {
    expect((await c.admin.post('/api/settings', { randomizedPlaylistsCount: 2 })).statusCode).toBe(
      200,
    );
    // Three requests at once see the count stale and each sends the job: it builds once.
    await Promise.all([homepage(), homepage(c.admin), homepage()]);
    const body = await homepageWhen(c.user, (b) => b.playlistsRandom.length === 2);
    const mixes = await generated('random');
    expect(mixes.map((p) => p.playlist_id)).toEqual(body.playlistsRandom.map((p) => p.playlistId));
    expect(await generated('special')).toHaveLength(2);
    // Fresh now: later requests send nothing, so the same two mixes stay.
    await Promise.all([homepage(), homepage(c.admin)]);
    await homepageBuilt(c.user);
    expect(await generated('random')).toEqual(mixes);
  });

  it('lists public editorial playlists with their cover and track count', async () => {
    const [adminRow] = await c.t.db
      .selectFrom('users')
      .select('user_id')
      .where('is_admin', '=', 1)
      .execute();
    const insert = async (title: string, isPublic: number) =>
      (
        await c.t.db
          .insertInto('playlists')
          .values({
            user_id: adminRow!.user_id,
            title,
            description: 'Picked',
            public: isPublic,
            created_at: nowIso(),
            kind: 'editor',
          })
          .returning('playlist_id')
          .executeTakeFirstOrThrow()
      ).playlist_id;
    const shown = await insert('Label picks', 1);
    await insert('Draft', 0);
    const [ola] = await fileIdsOf(ids.free);
    await c.t.db
      .insertInto('playlist_files')
      .values({ playlist_id: shown, file_id: ola!, position: 0, added_at: nowIso() })
      .execute();
    const body = await homepage();
    const cover = (await c.user.get(`/api/audio_collection/${ids.free}`)).json<{
      collection: { collectionImageHash: string };
    }>();
    expect(body.playlistsEditor).toEqual([
      {
        playlistId: shown,
        playlistTitle: 'Label picks',
        playlistDescription: 'Picked',
        playlistPublic: true,
        playlistImageHash: cover.collection.collectionImageHash,
        playlistTrackCount: 1,
      },
    ]);
  });

  it('refuses anonymous callers and roles without browsing', async () => {
    expect((await new TestClient(c.t.app).get('/api/homepage')).statusCode).toBe(401);
    const listener = await memberWithApiRole(c, 'listener', { roleEnableBrowse: false });
    expect((await listener.get('/api/homepage')).statusCode).toBe(403);
  });
});
