import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlaylistSchema, PlaylistWithEntriesSchema } from '../../domain/playlist';
import { nowIso } from '../../server/db/database';
import {
  type Member,
  memberWithApiRole,
  perFile,
  registerMember,
  setUpLibrary,
  withMember,
} from '../helpers/setup';
import { TestClient } from '../helpers/client';
import { createPlaylist, fileIdsOf, likedPlaylistOf } from '../helpers/playlists';

const c = perFile(async () => withMember(await setUpLibrary()));
let other: Member;
let free: { audio: number[]; other: number[] };
let paid: number[];
let single: number;
let hidden: number;

beforeAll(async () => {
  other = await registerMember(c.t, 'other');
  free = await fileIdsOf(c, c.fx.ids.free);
  paid = (await fileIdsOf(c, c.fx.ids.paid)).audio;
  single = (await fileIdsOf(c, c.fx.ids.single)).audio[0]!;
  hidden = (await fileIdsOf(c, c.fx.ids.hidden)).audio[0]!;
});

const read = async (client: TestClient, id: number) => {
  const response = await client.get(`/api/playlist/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return PlaylistWithEntriesSchema.parse(response.json());
};
const entryIds = async (client: TestClient, id: number) =>
  (await read(client, id)).entries.map((e) => e.file.fileId);
const add = (client: TestClient, id: number, ids: number[]) =>
  client.put(`/api/playlist/${id}/file`, { ids });

describe('PUT /api/playlist/{id}/file', () => {
  it('appends files in order and answers the updated playlist', async () => {
    const list = await createPlaylist(c.user);
    const first = await add(c.user, list.playlistId, [single]);
    expect(first.statusCode, first.body).toBe(200);
    const response = await add(c.user, list.playlistId, free.audio);
    const updated = PlaylistSchema.parse(response.json());
    expect(updated.playlistTrackCount).toBe(3);
    expect(updated.playlistDuration).toBeGreaterThan(15);
    expect(updated.playlistImageHash).toBeNull(); // the first entry, the single, has no cover
    const playlist = await read(c.user, list.playlistId);
    expect(playlist.entries.map((e) => e.file.fileId)).toEqual([single, ...free.audio]);
    expect(playlist.entries[1]).toMatchObject({
      collectionId: c.fx.ids.free,
      collectionName: 'Mareas',
      collectionPrice: null,
      audio: { audioTitle: 'Ola', audioArtists: ['Ana Ruiz'] },
    });
    expect(playlist.entries[1]!.collectionImageHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('skips files already present and repeated ids', async () => {
    const list = await createPlaylist(c.user);
    await add(c.user, list.playlistId, [free.audio[0]!]);
    const response = await add(c.user, list.playlistId, [
      free.audio[1]!,
      free.audio[0]!,
      free.audio[1]!,
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await entryIds(c.user, list.playlistId)).toEqual(free.audio);
  });

  it('skips files without audio (a cue sheet) when adding a whole collection', async () => {
    const list = await createPlaylist(c.admin);
    expect(free.other.length).toBeGreaterThan(0);
    const response = await add(c.admin, list.playlistId, [...free.audio, ...free.other]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await entryIds(c.admin, list.playlistId)).toEqual(free.audio);
  });

  it('refuses unknown files and files of hidden collections with 404, adding nothing', async () => {
    const list = await createPlaylist(c.user);
    expect((await add(c.user, list.playlistId, [single, 999999])).statusCode).toBe(404);
    expect((await add(c.user, list.playlistId, [single, hidden])).statusCode).toBe(404);
    expect(await entryIds(c.user, list.playlistId)).toEqual([]);
  });

  it("refuses another user's playlist with 403 and changes nothing", async () => {
    const list = await createPlaylist(c.user, { title: 'Open', public: true });
    expect((await add(other, list.playlistId, [single])).statusCode).toBe(403);
    expect(await entryIds(c.user, list.playlistId)).toEqual([]);
  });

  it("lets an admin add to anyone's playlist", async () => {
    const list = await createPlaylist(c.user);
    expect((await add(c.admin, list.playlistId, [single])).statusCode).toBe(200);
    expect(await entryIds(c.user, list.playlistId)).toEqual([single]);
  });

  it('refuses a role without roleEnableBrowse with 403', async () => {
    const blind = await memberWithApiRole(c, 'blind', { roleEnableBrowse: false });
    const list = await createPlaylist(blind);
    expect((await add(blind, list.playlistId, [single])).statusCode).toBe(403);
  });

  it('refuses bad input with 400 and no session with 401', async () => {
    const list = await createPlaylist(c.user);
    const url = `/api/playlist/${list.playlistId}/file`;
    for (const body of [{}, { ids: [] }, { ids: ['a'] }, { ids: [0] }, { ids: 3 }]) {
      expect((await c.user.put(url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await c.user.put('/api/playlist/x/file', { ids: [single] })).statusCode).toBe(400);
    expect((await new TestClient(c.t.app).put(url, { ids: [single] })).statusCode).toBe(401);
  });
});

describe('DELETE /api/playlist/{id}/file/{fileId}', () => {
  it('removes the file and keeps the others in order', async () => {
    const list = await createPlaylist(c.user);
    await add(c.user, list.playlistId, [single, ...free.audio]);
    const response = await c.user.delete(`/api/playlist/${list.playlistId}/file/${single}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(PlaylistSchema.parse(response.json()).playlistTrackCount).toBe(2);
    expect(await entryIds(c.user, list.playlistId)).toEqual(free.audio);
  });

  it('answers 404 when the file is not in the playlist, 400 for bad ids', async () => {
    const list = await createPlaylist(c.user);
    expect(
      (await c.user.delete(`/api/playlist/${list.playlistId}/file/${single}`)).statusCode,
    ).toBe(404);
    expect((await c.user.delete(`/api/playlist/${list.playlistId}/file/abc`)).statusCode).toBe(400);
  });

  it("refuses another user's playlist with 403; an admin may remove", async () => {
    const list = await createPlaylist(c.user, { title: 'Open', public: true });
    await add(c.user, list.playlistId, [single]);
    const url = `/api/playlist/${list.playlistId}/file/${single}`;
    expect((await other.delete(url)).statusCode).toBe(403);
    expect(await entryIds(c.user, list.playlistId)).toEqual([single]);
    expect((await c.admin.delete(url)).statusCode).toBe(200);
    expect(await entryIds(c.user, list.playlistId)).toEqual([]);
  });
});

describe('likes (the liked playlist)', () => {
  it('likes with PUT and unlikes with DELETE; GET /api/playlist/liked/ids follows', async () => {
    const liked = await likedPlaylistOf(c.user);
    const ids = async () =>
      z.array(z.number()).parse((await c.user.get('/api/playlist/liked/ids')).json());
    expect(await ids()).toEqual([]);
    expect((await add(c.user, liked, [single])).statusCode).toBe(200);
    expect(await ids()).toEqual([single]);
    expect(await entryIds(c.user, liked)).toEqual([single]);
    expect((await c.user.delete(`/api/playlist/${liked}/file/${single}`)).statusCode).toBe(200);
    expect(await ids()).toEqual([]);
    expect((await new TestClient(c.t.app).get('/api/playlist/liked/ids')).statusCode).toBe(401);
  });

  it('keeps the liked playlist private: another user cannot read or like into it', async () => {
    const liked = await likedPlaylistOf(c.user);
    expect((await other.get(`/api/playlist/${liked}`)).statusCode).toBe(404);
    expect((await add(other, liked, [single])).statusCode).toBe(404);
  });
});

describe('GET /api/playlist/{id} entries', () => {
  it('leaves out files of collections the viewer may not see', async () => {
    const list = await createPlaylist(c.admin, { title: 'Admin mix', public: true });
    await add(c.admin, list.playlistId, [hidden, single]);
    expect(await entryIds(c.admin, list.playlistId)).toEqual([hidden, single]);
    expect(await entryIds(c.user, list.playlistId)).toEqual([single]);
    expect((await read(c.user, list.playlistId)).playlistTrackCount).toBe(1);
    const picky = await memberWithApiRole(c, 'picky', { roleBlacklistedTags: ['Chill'] });
    expect(await entryIds(picky, list.playlistId)).toEqual([]);
  });

  it('marks paid entries playable in full only when allowed', async () => {
    const list = await createPlaylist(c.user, { title: 'Store', public: true });
    await add(c.user, list.playlistId, [single, paid[0]!]);
    const playable = async (client: TestClient) =>
      (await read(client, list.playlistId)).entries.map((e) => [e.file.fileId, e.playableInFull]);
    // Member: download limit 50, no roleDownloadPaid, so the paid entry is a preview.
    expect(await playable(c.user)).toEqual([
      [single, true],
      [paid[0], false],
    ]);
    expect((await read(c.user, list.playlistId)).entries[1]!.collectionPrice).toBe(500);
    // The administrator role has no download limit.
    expect(await playable(c.admin)).toEqual([
      [single, true],
      [paid[0], true],
    ]);
    await c.t.db
      .insertInto('unlocked_collections')
      .values({ user_id: c.user.userId, collection_id: c.fx.ids.paid, created_at: nowIso() })
      .execute();
    expect(await playable(c.user)).toEqual([
      [single, true],
      [paid[0], true],
    ]);
    // Still a preview for someone who has not bought it.
    expect(await playable(other)).toEqual([
      [single, true],
      [paid[0], false],
    ]);
  });
});
