import { beforeAll, describe, expect, it } from 'vitest';
import { PlaylistWithEntriesSchema } from '../../domain/playlist';
import type { TestClient } from '../helpers/client';
import { createPlaylist, fileIdsOf, likedPlaylistOf } from '../helpers/playlists';
import { perFile, registerMember, type Member } from '../helpers/setup';
import { setUpSubsonic, subsonicFor, type SubsonicUser, codeOf } from '../helpers/subsonic';

const s = perFile(setUpSubsonic);

/** OpenSubsonic's `readonly` on a playlist (newer than the client's types). */
const readonlyOf = (playlist: object): unknown => (playlist as { readonly?: boolean }).readonly;

let member: SubsonicUser;
let other: Member;
let otherApi: SubsonicUser;
let ola: number;
let espuma: number;
let roomTone: number;
let demo: number;

beforeAll(async () => {
  member = s.member;
  other = await registerMember(s.t, 'other');
  otherApi = await subsonicFor(s.url, other, other.userName);
  [ola, espuma] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number, number];
  [roomTone] = (await fileIdsOf(s, s.fx.ids.single)).audio as [number];
  [demo] = (await fileIdsOf(s, s.fx.ids.hidden)).audio as [number];
});

/** GET /api/playlist/{id} as the web app reads it. */
async function webPlaylist(client: TestClient, id: number | string) {
  const response = await client.get(`/api/playlist/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return PlaylistWithEntriesSchema.parse(response.json());
}

async function restPlaylist(id: string | number, api = member.api) {
  const answer = await api.getPlaylist({ id: String(id) });
  expect(answer.status).toBe('ok');
  return answer.playlist;
}

async function playlistNames(api = member.api, username?: string) {
  const answer = await api.getPlaylists(username === undefined ? {} : { username });
  expect(answer.status).toBe('ok');
  return (answer.playlists.playlist ?? []).map((p) => p.name);
}

describe('createPlaylist and getPlaylist', () => {
  it('creates a playlist the web app shows with the same songs, in order', async () => {
    const answer = await member.api.createPlaylist({
      name: 'Road trip',
      songId: [String(roomTone), String(ola)],
    });
    expect(answer.status).toBe('ok');
    const created = answer.playlist;
    expect(created).toMatchObject({
      name: 'Road trip',
      owner: 'member',
      public: false,
      songCount: 2,
    });
    expect(created.entry?.map((e) => e.id)).toEqual([String(roomTone), String(ola)]);
    expect(created.duration).toBeGreaterThan(0);
    expect(created.created).toBeInstanceOf(Date);

    const seen = await webPlaylist(s.user, created.id);
    expect(seen.playlistTitle).toBe('Road trip');
    expect(seen.entries.map((e) => e.file.fileId)).toEqual([roomTone, ola]);
    expect(await playlistNames()).toContain('Road trip');
  });

  it('reads a playlist made in the web app with the same entries', async () => {
    const made = await createPlaylist(s.user, { title: 'From the web', description: 'Mine' });
    const put = await s.user.put(`/api/playlist/${made.playlistId}/file`, {
      ids: [espuma, roomTone],
    });
    expect(put.statusCode, put.body).toBe(200);
    const playlist = await restPlaylist(made.playlistId);
    expect(playlist).toMatchObject({ name: 'From the web', comment: 'Mine', songCount: 2 });
    expect(playlist.entry?.map((e) => [e.id, e.title])).toEqual([
      [String(espuma), 'Espuma'],
      [String(roomTone), 'Room Tone'],
    ]);
  });

  it('replaces the songs of an existing playlist when given its id', async () => {
    const made = await createPlaylist(s.user, { title: 'Replace me' });
    await s.user.put(`/api/playlist/${made.playlistId}/file`, { ids: [ola, espuma] });
    const answer = await member.api.createPlaylist({
      playlistId: String(made.playlistId),
      songId: [String(roomTone)],
    });
    expect(answer.status).toBe('ok');
    expect(answer.playlist.entry?.map((e) => e.id)).toEqual([String(roomTone)]);
    expect((await webPlaylist(s.user, made.playlistId)).entries.map((e) => e.file.fileId)).toEqual([
      roomTone,
    ]);
  });

  it('refuses a hidden song with 70 and creates nothing', async () => {
    const before = await playlistNames();
    const answer = await member.api.createPlaylist({
      name: 'Sneaky',
      songId: [String(ola), String(demo)],
    });
    expect(codeOf(answer)).toBe(70);
    expect(await playlistNames()).toEqual(before);
    expect(codeOf(await member.api.createPlaylist({ songId: [String(ola)] }))).toBe(10);
  });

  it('leaves out the entries the caller may not see', async () => {
    const adminMade = await createPlaylist(s.admin, { title: 'Admin mix', public: true });
    await s.admin.put(`/api/playlist/${adminMade.playlistId}/file`, { ids: [demo, ola] });
    const seen = await restPlaylist(adminMade.playlistId);
    expect(seen.entry?.map((e) => e.id)).toEqual([String(ola)]);
    expect(seen.songCount).toBe(1);
    expect(readonlyOf(seen)).toBe(true);
    expect((await restPlaylist(adminMade.playlistId, s.adminApi.api)).entry).toHaveLength(2);
  });
});

describe('getPlaylists', () => {
  it("lists one's own (the liked one first) and other users' public playlists", async () => {
    const mine = await createPlaylist(other, { title: 'Other private' });
    const shared = await createPlaylist(other, { title: 'Other public', public: true });
    const names = await playlistNames(otherApi.api);
    expect(names[0]).toBe('Liked');
    expect(names).toEqual(expect.arrayContaining(['Other private', 'Other public']));

    const memberSees = await playlistNames();
    expect(memberSees[0]).toBe('Liked');
    expect(memberSees).toContain('Other public');
    expect(memberSees).not.toContain('Other private');
    // The same rules as the web app: the public one opens, the private one does not exist.
    expect((await restPlaylist(shared.playlistId)).owner).toBe('other');
    expect(codeOf(await member.api.getPlaylist({ id: String(mine.playlistId) }))).toBe(70);
    expect((await s.user.get(`/api/playlist/${mine.playlistId}`)).statusCode).toBe(404);
  });

  it('answers in XML too, one element per playlist', async () => {
    const response = await fetch(
      `${s.url}/rest/getPlaylists?apiKey=${encodeURIComponent(member.password)}&c=test&v=1.16.1`,
    );
    const xml = await response.text();
    expect(xml).toContain('<playlists><playlist id="');
    expect(xml).toMatch(/<playlist id="\d+" name="Liked" comment="" owner="member" public="false"/);
    expect(xml).toContain('name="Other public"');
    expect(xml).not.toContain('name="Other private"');
  });

  it('lists another user’s playlists, private ones too, for administrators only', async () => {
    expect(await playlistNames(s.adminApi.api, 'other')).toEqual(
      expect.arrayContaining(['Liked', 'Other private', 'Other public']),
    );
    expect(codeOf(await member.api.getPlaylists({ username: 'other' }))).toBe(50);
    expect(codeOf(await member.api.getPlaylists({ username: 'nobody-here' }))).toBe(50);
    expect(codeOf(await s.adminApi.api.getPlaylists({ username: 'nobody-here' }))).toBe(70);
    expect(await playlistNames(member.api, 'member')).toContain('Road trip');
  });

  it('shows the liked playlist as the web app does: the likes, read-only in name', async () => {
    const liked = await likedPlaylistOf(s.user);
    await member.api.star({ id: String(espuma) });
    const playlist = await restPlaylist(liked);
    expect(playlist).toMatchObject({ name: 'Liked', public: false });
    expect(readonlyOf(playlist)).toBe(false);
    expect(playlist.entry?.map((e) => e.id)).toEqual([String(espuma)]);
    expect(codeOf(await member.api.updatePlaylist({ playlistId: String(liked), name: 'X' }))).toBe(
      50,
    );
    expect(codeOf(await member.api.deletePlaylist({ id: String(liked) }))).toBe(50);
    // Adding a song to it is a like.
    await member.api.updatePlaylist({ playlistId: String(liked), songIdToAdd: [String(ola)] });
    const ids = await s.user.get('/api/playlist/liked/ids');
    expect(ids.json<number[]>().sort()).toEqual([ola, espuma].sort());
    await member.api.unstar({ id: [String(ola), String(espuma)] });
  });
});

describe('updatePlaylist and deletePlaylist', () => {
  it('renames, comments, makes public, removes by index and adds, as the web app sees it', async () => {
    const made = await createPlaylist(s.user, { title: 'Edit me' });
    await s.user.put(`/api/playlist/${made.playlistId}/file`, { ids: [ola, espuma, roomTone] });
    const answer = await member.postApi.updatePlaylist({
      playlistId: String(made.playlistId),
      name: 'Edited',
      comment: 'Late night',
      public: true,
      songIndexToRemove: [0, 2],
      songIdToAdd: [String(ola)],
    });
    expect(answer.status).toBe('ok');
    const seen = await webPlaylist(s.user, made.playlistId);
    expect(seen).toMatchObject({
      playlistTitle: 'Edited',
      playlistDescription: 'Late night',
      playlistPublic: true,
    });
    expect(seen.entries.map((e) => e.file.fileId)).toEqual([espuma, ola]);
  });

  it("refuses someone else's playlist: 50 when public, 70 when private", async () => {
    const shared = await createPlaylist(other, { title: 'Not yours', public: true });
    const hidden = await createPlaylist(other, { title: 'Not yours either' });
    const id = String(shared.playlistId);
    expect(codeOf(await member.api.updatePlaylist({ playlistId: id, name: 'Mine now' }))).toBe(50);
    expect(
      codeOf(await member.api.updatePlaylist({ playlistId: id, songIdToAdd: [String(ola)] })),
    ).toBe(50);
    expect(codeOf(await member.api.createPlaylist({ playlistId: id, songId: [String(ola)] }))).toBe(
      50,
    );
    expect(codeOf(await member.api.deletePlaylist({ id }))).toBe(50);
    const hiddenId = String(hidden.playlistId);
    expect(codeOf(await member.api.updatePlaylist({ playlistId: hiddenId, name: 'X' }))).toBe(70);
    expect(codeOf(await member.api.deletePlaylist({ id: hiddenId }))).toBe(70);
    expect(codeOf(await member.api.getPlaylist({ id: 'pl-1' }))).toBe(70);
    const after = await webPlaylist(other, shared.playlistId);
    expect(after).toMatchObject({ playlistTitle: 'Not yours', playlistTrackCount: 0 });
  });

  it('refuses a hidden song to add with 70, before changing anything', async () => {
    const made = await createPlaylist(s.user, { title: 'Keep me' });
    const answer = await member.api.updatePlaylist({
      playlistId: String(made.playlistId),
      name: 'Changed',
      songIdToAdd: [String(demo)],
    });
    expect(codeOf(answer)).toBe(70);
    expect((await webPlaylist(s.user, made.playlistId)).playlistTitle).toBe('Keep me');
  });

  it('deletes the caller’s playlist', async () => {
    const made = await createPlaylist(s.user, { title: 'Delete me' });
    expect((await member.api.deletePlaylist({ id: String(made.playlistId) })).status).toBe('ok');
    expect((await s.user.get(`/api/playlist/${made.playlistId}`)).statusCode).toBe(404);
    expect(await playlistNames()).not.toContain('Delete me');
  });
});
