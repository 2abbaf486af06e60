import { describe, expect, it } from 'vitest';
import {
  perFile,
  registerMember,
  setUpApp,
  memberWithRole,
  type LibrarySetup,
} from '../helpers/setup';
import { codeOf, listen, subsonicFor } from '../helpers/subsonic';
import { createRadioCatalogue } from './radio-catalogue';

/** /rest getSimilarSongs, getSimilarSongs2 and getTopSongs answer from the radio (issue 48). */
const s = perFile(async () => {
  const setup = await setUpApp();
  const catalogue = await createRadioCatalogue(setup.t);
  // listen() needs only the app; this catalogue is rows, not the ffmpeg fixture.
  const url = await listen(setup as unknown as LibrarySetup);
  const user = await registerMember(setup.t, 'member');
  const narrow = await memberWithRole(setup.t, { blacklisted_tags: '["secret"]', libraries: '[]' });
  return {
    ...setup,
    catalogue,
    member: await subsonicFor(url, user, user.userName),
    narrow: await subsonicFor(url, narrow, narrow.userName),
    admin: await subsonicFor(url, setup.admin, 'admin'),
  };
});

const songIds = (answer: { song?: Array<{ id: string }> } | undefined): number[] =>
  (answer?.song ?? []).map((song) => Number(song.id));

describe('getSimilarSongs', () => {
  it('answers songs like a song (not the song itself), an album or an artist', async () => {
    const album = s.catalogue.albums[3]!;
    const seed = album.fileIds[0]!;
    const bySong = await s.member.api.getSimilarSongs({ id: String(seed), count: 20 });
    expect(bySong.status).toBe('ok');
    const ids = songIds(bySong.similarSongs);
    expect(ids).toHaveLength(20);
    expect(ids).not.toContain(seed);
    expect(ids.filter((id) => album.fileIds.includes(id)).length).toBe(3);
    const byAlbum = await s.member.api.getSimilarSongs({ id: `al-${album.collectionId}` });
    expect(songIds(byAlbum.similarSongs)).toHaveLength(50);
    const byArtist = await s.member.api.getSimilarSongs({ id: `ar-${album.artistId}`, count: 5 });
    expect(
      songIds(byArtist.similarSongs)
        .slice(0, 3)
        .every((id) => album.fileIds.includes(id)),
    ).toBe(true);
  });

  it('never answers what the role hides, and a hidden seed is not found', async () => {
    const { hidden, secret, otherLibrary } = s.catalogue;
    const never = new Set([...hidden.fileIds, ...secret.fileIds, ...otherLibrary.fileIds]);
    const seed = s.catalogue.albums[0]!.fileIds[0]!;
    const answer = await s.narrow.api.getSimilarSongs({ id: String(seed), count: 100 });
    expect(songIds(answer.similarSongs).filter((id) => never.has(id))).toEqual([]);
    for (const id of [String(hidden.fileIds[0]!), `al-${hidden.collectionId}`, '987654'])
      expect(codeOf(await s.member.api.getSimilarSongs({ id }))).toBe(70);
    expect(codeOf(await s.narrow.api.getSimilarSongs({ id: `al-${secret.collectionId}` }))).toBe(
      70,
    );
  });
});

describe('getSimilarSongs2', () => {
  it('answers songs like an artist’s, the artist’s own first', async () => {
    const album = s.catalogue.albums[8]!;
    const answer = await s.member.api.getSimilarSongs2({ id: `ar-${album.artistId}`, count: 10 });
    const ids = songIds(answer.similarSongs2);
    expect(ids).toHaveLength(10);
    expect(ids.slice(0, 3).every((id) => album.fileIds.includes(id))).toBe(true);
    expect(
      codeOf(await s.member.api.getSimilarSongs2({ id: `ar-${s.catalogue.hidden.artistId}` })),
    ).toBe(70);
    // An album id is not an artist id.
    expect(codeOf(await s.member.api.getSimilarSongs2({ id: `al-${album.collectionId}` }))).toBe(
      70,
    );
  });
});

describe('getTopSongs', () => {
  it('answers the artist’s visible tracks by name, most played first', async () => {
    const album = s.catalogue.albums[5]!;
    const [a, b, c] = album.fileIds;
    for (const [fileId, plays] of [
      [b!, 9],
      [c!, 4],
    ] as const)
      await s.t.db
        .updateTable('audio')
        .set({ play_count: plays })
        .where('file_id', '=', fileId)
        .execute();
    const answer = await s.member.api.getTopSongs({
      artist: album.artistName.toUpperCase(),
      count: 3,
    });
    expect(songIds(answer.topSongs)).toEqual([b, c, a]);
    const all = await s.member.api.getTopSongs({ artist: album.artistName });
    expect(songIds(all.topSongs)).toHaveLength(album.fileIds.length);
    const hidden = await s.member.api.getTopSongs({ artist: s.catalogue.hidden.artistName });
    expect(hidden.topSongs.song).toBeUndefined();
    const admin = await s.admin.api.getTopSongs({ artist: s.catalogue.hidden.artistName });
    expect(songIds(admin.topSongs)).toHaveLength(s.catalogue.hidden.fileIds.length);
    const elsewhere = await s.narrow.api.getTopSongs({
      artist: s.catalogue.otherLibrary.artistName,
    });
    expect(elsewhere.topSongs.song).toBeUndefined();
  });
});
