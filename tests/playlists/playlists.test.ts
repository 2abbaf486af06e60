import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlaylistSchema, PlaylistWithEntriesSchema } from '../../domain/playlist';
import {
  type Member,
  memberWithApiRole,
  perFile,
  registerMember,
  setUpLibrary,
  withMember,
} from '../helpers/setup';
import { TestClient } from '../helpers/client';
import { createPlaylist, likedPlaylistOf } from '../helpers/playlists';

const c = perFile(async () => withMember(await setUpLibrary()));
let other: Member;
let noBrowse: TestClient;

beforeAll(async () => {
  other = await registerMember(c.t, 'other');
  noBrowse = await memberWithApiRole(c, 'nobrowse', { roleEnableBrowse: false });
});

const list = async (client: TestClient) => {
  const response = await client.get('/api/playlist');
  expect(response.statusCode, response.body).toBe(200);
  return z.array(PlaylistSchema).parse(response.json());
};

describe('GET /api/playlist', () => {
  it("lists only the caller's playlists, the liked one first, then by title", async () => {
    await createPlaylist(c.user, { title: 'zebra' });
    await createPlaylist(c.user, { title: 'Alpha' });
    await createPlaylist(other, { title: 'Not mine' });
    const mine = await list(c.user);
    expect(mine.map((p) => [p.playlistTitle, p.playlistKind])).toEqual([
      ['Liked', 'liked'],
      ['Alpha', 'user'],
      ['zebra', 'user'],
    ]);
    expect(mine.every((p) => p.userId === c.user.userId && p.userName === 'member')).toBe(true);
    expect(mine[0]).toMatchObject({ playlistTrackCount: 0, playlistDuration: 0 });
  });

  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(c.t.app);
    expect((await anonymous.get('/api/playlist')).statusCode).toBe(401);
  });
});

describe('every account has a liked playlist', () => {
  it('is created with the account and is user.likedPlaylist', async () => {
    const liked = await likedPlaylistOf(c.user);
    expect(liked).toBeGreaterThan(0);
    const response = await c.user.get(`/api/playlist/${liked}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(PlaylistWithEntriesSchema.parse(response.json())).toMatchObject({
      playlistKind: 'liked',
      playlistPublic: false,
      entries: [],
    });
    expect(await likedPlaylistOf(c.admin)).toBeGreaterThan(0);
  });
});

describe('PUT /api/playlist', () => {
  it('creates a private user playlist by default', async () => {
    const created = await createPlaylist(c.user, { title: '  Road trip ', description: 'Songs' });
    expect(created).toMatchObject({
      playlistTitle: 'Road trip',
      playlistDescription: 'Songs',
      playlistPublic: false,
      playlistKind: 'user',
      userId: c.user.userId,
    });
    expect((await list(c.user)).map((p) => p.playlistId)).toContain(created.playlistId);
  });

  it('refuses a missing or empty title with 400 and stores nothing', async () => {
    const before = (await list(c.user)).length;
    for (const body of [{}, { title: '   ' }, { title: 5 }, { title: 'x'.repeat(201) }]) {
      const response = await c.user.put('/api/playlist', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    expect((await list(c.user)).length).toBe(before);
  });

  it('answers 401 without a session', async () => {
    expect((await new TestClient(c.t.app).put('/api/playlist', { title: 'x' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/playlist/{id}', () => {
  it('shows a private playlist to its owner and to admins, 404 to others', async () => {
    const secret = await createPlaylist(c.user, { title: 'Secret' });
    expect((await c.user.get(`/api/playlist/${secret.playlistId}`)).statusCode).toBe(200);
    expect((await c.admin.get(`/api/playlist/${secret.playlistId}`)).statusCode).toBe(200);
    const refused = await other.get(`/api/playlist/${secret.playlistId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'Playlist not found' });
  });

  it('shows a public playlist to every signed-in user with roleEnableBrowse', async () => {
    const shared = await createPlaylist(c.user, { title: 'Shared', public: true });
    const response = await other.get(`/api/playlist/${shared.playlistId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(PlaylistWithEntriesSchema.parse(response.json()).playlistPublic).toBe(true);
  });

  it('refuses a role without roleEnableBrowse with 403, even for its own playlist', async () => {
    const shared = await createPlaylist(c.user, { title: 'Shared 2', public: true });
    expect((await noBrowse.get(`/api/playlist/${shared.playlistId}`)).statusCode).toBe(403);
    const own = await createPlaylist(noBrowse, { title: 'Own' });
    expect((await noBrowse.get(`/api/playlist/${own.playlistId}`)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id, 400 for a bad id and 401 without a session', async () => {
    expect((await c.user.get('/api/playlist/999999')).statusCode).toBe(404);
    expect((await c.user.get('/api/playlist/abc')).statusCode).toBe(400);
    expect((await c.user.get('/api/playlist/-1')).statusCode).toBe(400);
    expect((await new TestClient(c.t.app).get('/api/playlist/1')).statusCode).toBe(401);
  });
});

describe('POST /api/playlist/{id}', () => {
  it('lets the owner change title, description and visibility', async () => {
    const created = await createPlaylist(c.user, { title: 'Draft' });
    const response = await c.user.post(`/api/playlist/${created.playlistId}`, {
      title: 'Final',
      description: 'Done',
      public: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(PlaylistSchema.parse(response.json())).toMatchObject({
      playlistTitle: 'Final',
      playlistDescription: 'Done',
      playlistPublic: true,
    });
    const read = PlaylistWithEntriesSchema.parse(
      (await other.get(`/api/playlist/${created.playlistId}`)).json(),
    );
    expect(read.playlistTitle).toBe('Final');
  });

  it("refuses another user's playlist with 403 and changes nothing", async () => {
    const created = await createPlaylist(c.user, { title: 'Mine', public: true });
    const response = await other.post(`/api/playlist/${created.playlistId}`, { title: 'Taken' });
    expect(response.statusCode).toBe(403);
    const after = await c.user.get(`/api/playlist/${created.playlistId}`);
    expect(after.json<{ playlistTitle: string }>().playlistTitle).toBe('Mine');
    // A private one stays invisible: 404, not 403.
    const hidden = await createPlaylist(c.user, { title: 'Hidden' });
    expect(
      (await other.post(`/api/playlist/${hidden.playlistId}`, { title: 'x' })).statusCode,
    ).toBe(404);
  });

  it("lets an admin edit anyone's playlist and make it editorial", async () => {
    const created = await createPlaylist(c.user, { title: 'Pick' });
    const response = await c.admin.post(`/api/playlist/${created.playlistId}`, {
      editorial: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ playlistKind: 'editor', playlistPublic: true });
    const back = await c.admin.post(`/api/playlist/${created.playlistId}`, { editorial: false });
    expect(back.json()).toMatchObject({ playlistKind: 'user' });
  });

  it('refuses editorial from a non-admin with 403', async () => {
    const created = await createPlaylist(c.user, { title: 'Wannabe' });
    const response = await c.user.post(`/api/playlist/${created.playlistId}`, { editorial: true });
    expect(response.statusCode).toBe(403);
    const after = await c.user.get(`/api/playlist/${created.playlistId}`);
    expect(after.json()).toMatchObject({ playlistKind: 'user' });
  });

  it('refuses renaming or publishing the liked playlist with 400', async () => {
    const liked = await likedPlaylistOf(c.user);
    expect((await c.user.post(`/api/playlist/${liked}`, { title: 'Faves' })).statusCode).toBe(400);
    expect((await c.user.post(`/api/playlist/${liked}`, { public: true })).statusCode).toBe(400);
    expect((await c.admin.post(`/api/playlist/${liked}`, { editorial: true })).statusCode).toBe(
      400,
    );
    const after = await c.user.get(`/api/playlist/${liked}`);
    expect(after.json()).toMatchObject({ playlistTitle: 'Liked', playlistPublic: false });
  });

  it('refuses bad input with 400', async () => {
    const created = await createPlaylist(c.user, { title: 'Valid' });
    const url = `/api/playlist/${created.playlistId}`;
    expect((await c.user.post(url, { title: '' })).statusCode).toBe(400);
    expect((await c.user.post(url, { public: 'yes' })).statusCode).toBe(400);
    expect((await c.user.post('/api/playlist/zero', { title: 'x' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/playlist/{id}', () => {
  it('deletes the owner’s playlist; it is then gone and not listed', async () => {
    const created = await createPlaylist(c.user, { title: 'Temporary' });
    expect((await c.user.delete(`/api/playlist/${created.playlistId}`)).statusCode).toBe(200);
    expect((await c.user.get(`/api/playlist/${created.playlistId}`)).statusCode).toBe(404);
    expect((await list(c.user)).map((p) => p.playlistId)).not.toContain(created.playlistId);
  });

  it("refuses another user's playlist with 403 and lets an admin delete it", async () => {
    const created = await createPlaylist(c.user, { title: 'Public', public: true });
    expect((await other.delete(`/api/playlist/${created.playlistId}`)).statusCode).toBe(403);
    expect((await c.user.get(`/api/playlist/${created.playlistId}`)).statusCode).toBe(200);
    expect((await c.admin.delete(`/api/playlist/${created.playlistId}`)).statusCode).toBe(200);
    expect((await c.user.get(`/api/playlist/${created.playlistId}`)).statusCode).toBe(404);
  });

  it('refuses deleting the liked playlist with 400', async () => {
    const liked = await likedPlaylistOf(c.user);
    expect((await c.user.delete(`/api/playlist/${liked}`)).statusCode).toBe(400);
    expect((await c.admin.delete(`/api/playlist/${liked}`)).statusCode).toBe(400);
    expect((await c.user.get(`/api/playlist/${liked}`)).statusCode).toBe(200);
  });

  it('answers 404 for unknown, 400 for bad ids and 401 without a session', async () => {
    expect((await c.user.delete('/api/playlist/999999')).statusCode).toBe(404);
    expect((await c.user.delete('/api/playlist/1.5')).statusCode).toBe(400);
    expect((await new TestClient(c.t.app).delete('/api/playlist/1')).statusCode).toBe(401);
  });
});
