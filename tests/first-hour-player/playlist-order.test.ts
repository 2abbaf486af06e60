import { beforeAll, describe, expect, it } from 'vitest';
import {
  PlaylistAddResultSchema,
  PlaylistSchema,
  PlaylistWithEntriesSchema,
} from '../../domain/playlist';
import { TestClient } from '../helpers/client';
import { createPlaylist, fileIdsOf } from '../helpers/playlists';
import { type Member, perFile, registerMember, setUpLibrary, withMember } from '../helpers/setup';

const c = perFile(async () => withMember(await setUpLibrary()));
let other: Member;
let free: number[];
let single: number;
let hidden: number;

beforeAll(async () => {
  other = await registerMember(c.t, 'other');
  free = (await fileIdsOf(c, c.fx.ids.free)).audio;
  single = (await fileIdsOf(c, c.fx.ids.single)).audio[0]!;
  hidden = (await fileIdsOf(c, c.fx.ids.hidden)).audio[0]!;
});

const entryIds = async (client: TestClient, id: number) => {
  const response = await client.get(`/api/playlist/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return PlaylistWithEntriesSchema.parse(response.json()).entries.map((e) => e.file.fileId);
};
const order = (client: TestClient, id: number, ids: unknown) =>
  client.put(`/api/playlist/${id}/order`, { ids });

/** A playlist of the member's with the single, then the free collection's tracks. */
async function filled(): Promise<{ id: number; ids: number[] }> {
  const list = await createPlaylist(c.user);
  const ids = [single, ...free];
  const added = await c.user.put(`/api/playlist/${list.playlistId}/file`, { ids });
  expect(added.statusCode, added.body).toBe(200);
  return { id: list.playlistId, ids };
}

describe('PUT /api/playlist/{id}/file (duplicates)', () => {
  it('says how many files were new, 0 when every one was already there', async () => {
    const list = await createPlaylist(c.user);
    const url = `/api/playlist/${list.playlistId}/file`;
    const first = PlaylistAddResultSchema.parse((await c.user.put(url, { ids: [single] })).json());
    expect(first).toMatchObject({ added: 1, playlistTrackCount: 1 });
    const again = PlaylistAddResultSchema.parse((await c.user.put(url, { ids: [single] })).json());
    expect(again).toMatchObject({ added: 0, playlistTrackCount: 1 });
    const mixed = await c.user.put(url, { ids: [single, free[0]!] });
    expect(PlaylistAddResultSchema.parse(mixed.json())).toMatchObject({ added: 1 });
  });
});

describe('PUT /api/playlist/{id}/order', () => {
  it('sets the order the owner gives and answers the playlist', async () => {
    const { id, ids } = await filled();
    const reversed = [...ids].reverse();
    const response = await order(c.user, id, reversed);
    expect(response.statusCode, response.body).toBe(200);
    expect(PlaylistSchema.parse(response.json()).playlistTrackCount).toBe(ids.length);
    expect(await entryIds(c.user, id)).toEqual(reversed);
  });

  it('keeps files left out (or hidden from the caller) after the listed ones, in their order', async () => {
    const { id, ids } = await filled();
    // An administrator adds a track of a hidden collection, which the owner cannot see.
    const admin = await c.admin.put(`/api/playlist/${id}/file`, { ids: [hidden] });
    expect(admin.statusCode, admin.body).toBe(200);
    const [first, ...rest] = ids;
    const response = await order(c.user, id, [rest[rest.length - 1]!]);
    expect(response.statusCode, response.body).toBe(200);
    const expected = [rest[rest.length - 1]!, first!, ...rest.slice(0, -1), hidden];
    expect(await entryIds(c.admin, id)).toEqual(expected);
    expect(await entryIds(c.user, id)).toEqual(expected.filter((f) => f !== hidden));
  });

  it('refuses a file not in the playlist or listed twice with 400, moving nothing', async () => {
    const { id, ids } = await filled();
    for (const body of [
      [...ids].reverse().concat(hidden),
      [ids[1]!, ids[1]!, ids[0]!],
      [999_999],
    ]) {
      const response = await order(c.user, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    expect(await entryIds(c.user, id)).toEqual(ids);
  });

  it('refuses bad input with 400 and no session with 401', async () => {
    const { id, ids } = await filled();
    const url = `/api/playlist/${id}/order`;
    for (const body of [{}, { ids: [] }, { ids: ['a'] }, { ids: [0] }, { ids: 3 }]) {
      expect((await c.user.put(url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await new TestClient(c.t.app).put(url, { ids })).statusCode).toBe(401);
    expect(await entryIds(c.user, id)).toEqual(ids);
  });

  it("refuses another user's playlist (403 when public, 404 when private); an admin may", async () => {
    const { id, ids } = await filled();
    expect((await order(other, id, [...ids].reverse())).statusCode).toBe(404);
    const edit = await c.user.post(`/api/playlist/${id}`, { public: true });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await order(other, id, [...ids].reverse())).statusCode).toBe(403);
    expect(await entryIds(c.user, id)).toEqual(ids);
    expect((await order(c.admin, id, [...ids].reverse())).statusCode).toBe(200);
    expect(await entryIds(c.user, id)).toEqual([...ids].reverse());
  });
});
