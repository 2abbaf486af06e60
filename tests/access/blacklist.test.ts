import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CollectionSchema,
  CollectionWithFilesSchema,
  SearchResponseSchema,
} from '../../domain/collection';
import { HomepageSchema } from '../../domain/homepage';
import { PlaylistWithEntriesSchema } from '../../domain/playlist';
import { idsOf } from '../helpers/catalogue-fixture';
import { memberWithApiRole, perFile, setUpLibrary, withMember } from '../helpers/setup';
import type { TestClient } from '../helpers/client';
import { nowIso } from '../../server/db/database';
import { createPlaylist, fileIdsOf, likedPlaylistOf } from '../helpers/playlists';

// The fixture's free album is tagged "New"; the role blacklists "new". Both roles are VIP so
// that, were the album visible, every download route would answer it.
const VIP = { roleEnableBrowse: true, roleVip: true, roleDownloadLimit: null };

const c = perFile(async () => withMember(await setUpLibrary()));
let picky: TestClient;
let open: TestClient;
let free: number;
let track: number;
let cover: string;
let group: number;

beforeAll(async () => {
  free = c.fx.ids.free;
  picky = await memberWithApiRole(c, 'picky', { ...VIP, roleBlacklistedTags: ['new'] });
  open = await memberWithApiRole(c, 'open', VIP);
  const [first] = (await fileIdsOf(c, free)).audio;
  if (first === undefined) throw new Error('the free album has no audio');
  track = first;
  const page = CollectionWithFilesSchema.parse(
    (await c.admin.get(`/api/audio_collection/${free}`)).json(),
  );
  if (page.collection.collectionImageHash === null || page.collection.commentGroupId === null) {
    throw new Error('the free album needs its cover and comment group');
  }
  cover = page.collection.collectionImageHash;
  group = page.collection.commentGroupId;
}, 120_000);

// Addresses are built when a test runs: the ids exist only after beforeAll.
const MEDIA_ROUTES: Record<string, () => string> = {
  'file playback': () => `/downloader/file/${track}?playback=true`,
  'file download': () => `/downloader/file/${track}`,
  preview: () => `/downloader/preview/${track}`,
  waveform: () => `/downloader/waveform/${track}`,
  'collection zip': () => `/downloader/collection/${free}`,
  'cover image': () => `/image/${cover}`,
};

describe('a role blacklisting "new" and a collection tagged "New"', () => {
  it.each(Object.entries(MEDIA_ROUTES))('hides the %s route', async (_name, address) => {
    const url = address();
    const allowed = await open.get(url);
    expect(allowed.statusCode, allowed.body).toBeLessThan(300);
    const refused = await picky.get(url);
    expect(refused.statusCode, refused.body).toBe(404);
  });

  it('refuses the tags of its files (administrators only)', async () => {
    expect((await picky.get(`/downloader/tags/${track}`)).statusCode).toBe(403);
    expect((await c.admin.get(`/downloader/tags/${track}`)).statusCode).toBe(200);
  });

  it('leaves it out of search', async () => {
    const search = async (client: TestClient) =>
      idsOf(
        SearchResponseSchema.parse((await client.post('/api/audio_collection/search', {})).json())
          .data,
      );
    expect(await search(open)).toContain(free);
    expect(await search(picky)).not.toContain(free);
  });

  it('answers its page, unlock state and recommendations 404', async () => {
    for (const url of [
      `/api/audio_collection/${free}`,
      `/api/collection/${free}/unlocked`,
      `/api/collection/${free}/recommendations`,
    ]) {
      expect((await open.get(url)).statusCode, url).toBe(200);
      expect((await picky.get(url)).statusCode, url).toBe(404);
    }
  });

  it('leaves it out of the recommendations of another collection', async () => {
    const url = `/api/collection/${c.fx.ids.single}/recommendations?count=20`;
    const recommended = async (client: TestClient) =>
      idsOf(z.array(CollectionSchema).parse((await client.get(url)).json()));
    expect(await recommended(open)).toContain(free);
    expect(await recommended(picky)).not.toContain(free);
  });

  it('leaves it out of the homepage', async () => {
    const shown = async (client: TestClient) => {
      const home = HomepageSchema.parse((await client.get('/api/homepage')).json());
      return [
        ...home.collectionsTags.flatMap((row) => idsOf(row.collections)),
        ...idsOf(home.collectionsTop),
      ];
    };
    expect(await shown(open)).toContain(free);
    expect(await shown(picky)).not.toContain(free);
  });

  it('leaves it out of bulk reads for the player queue', async () => {
    const bulk = async (client: TestClient) =>
      z
        .array(CollectionWithFilesSchema)
        .parse(
          (
            await client.post('/api/audio_collection/bulk', { ids: [free, c.fx.ids.single] })
          ).json(),
        )
        .map((entry) => entry.collection.collectionId);
    expect(await bulk(open)).toEqual([free, c.fx.ids.single]);
    expect(await bulk(picky)).toEqual([c.fx.ids.single]);
  });

  it('shows none of its files in a playlist, and refuses to add them', async () => {
    const [single] = (await fileIdsOf(c, c.fx.ids.single)).audio;
    const playlist = await createPlaylist(open, { title: 'Shared', public: true });
    const added = await open.put(`/api/playlist/${playlist.playlistId}/file`, {
      ids: [track, single],
    });
    expect(added.statusCode, added.body).toBe(200);
    const entries = async (client: TestClient) =>
      PlaylistWithEntriesSchema.parse(
        (await client.get(`/api/playlist/${playlist.playlistId}`)).json(),
      ).entries.map((entry) => entry.file.fileId);
    expect(await entries(open)).toEqual([track, single]);
    expect(await entries(picky)).toEqual([single]);
    const own = await createPlaylist(picky);
    const refused = await picky.put(`/api/playlist/${own.playlistId}/file`, { ids: [track] });
    expect(refused.statusCode).toBe(404);
  });

  it('leaves its files out of the liked ids, even when liked before the tag came', async () => {
    const [single] = (await fileIdsOf(c, c.fx.ids.single)).audio;
    const liked = await likedPlaylistOf(picky);
    await c.t.db
      .insertInto('playlist_files')
      .values(
        [track, single!].map((fileId, position) => ({
          playlist_id: liked,
          file_id: fileId,
          position,
          added_at: nowIso(),
        })),
      )
      .execute();
    const ids = await picky.get('/api/playlist/liked/ids');
    expect(ids.statusCode, ids.body).toBe(200);
    expect(ids.json()).toEqual([single]);
  });

  it('hides its comments: reading and posting answer 404', async () => {
    expect(
      (await open.post('/api/comments', { group, body: 'Lovely', reply: null })).statusCode,
    ).toBe(200);
    expect((await open.get(`/api/comments/${group}`)).statusCode).toBe(200);
    expect((await picky.get(`/api/comments/${group}`)).statusCode).toBe(404);
    const posted = await picky.post('/api/comments', { group, body: 'Sneaky', reply: null });
    expect(posted.statusCode).toBe(404);
  });
});
