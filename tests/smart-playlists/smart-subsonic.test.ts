import { beforeAll, describe, expect, it } from 'vitest';
import { perFile } from '../helpers/setup';
import { codeOf, setUpSubsonic, subsonicMemberWithRole } from '../helpers/subsonic';
import { createSmart, fileIdByTitle, insertListens, isoDaysAgo } from './smart-helpers';

const s = perFile(setUpSubsonic);
let jazzless: number;

beforeAll(async () => {
  await insertListens(s.t, s.user.userId, 'Ola', [isoDaysAgo(1)]);
  await insertListens(s.t, s.user.userId, 'Piston', [isoDaysAgo(2)]);
  jazzless = await createSmart(s.user, {
    name: 'Played lately',
    rules: [{ field: 'lastPlayed', op: 'inLast', value: 7 }],
    sort: { field: 'lastPlayed', order: 'desc' },
    public: true,
  });
});

describe('smart playlists in /rest', () => {
  it('getPlaylists lists them read-only with the owner and song count', async () => {
    const answer = await s.member.api.getPlaylists({});
    expect(answer.status).toBe('ok');
    const smart = (answer.playlists.playlist ?? []).find((p) => p.name === 'Played lately');
    expect(smart).toMatchObject({
      id: `sp-${jazzless}`,
      owner: 'member',
      songCount: 2,
      public: true,
    });
    expect((smart as { readonly?: boolean }).readonly).toBe(true);
  });

  it('getPlaylist answers its songs, computed now, through the caller’s visibility', async () => {
    const answer = await s.member.api.getPlaylist({ id: `sp-${jazzless}` });
    expect(answer.status).toBe('ok');
    const ola = await fileIdByTitle(s.t, 'Ola');
    const piston = await fileIdByTitle(s.t, 'Piston');
    expect(answer.playlist.entry?.map((e) => e.id)).toEqual([String(ola), String(piston)]);
    // A role blacklisting the paid album's tag does not see Piston in the same public list.
    const noClub = await subsonicMemberWithRole(s, { blacklisted_tags: JSON.stringify(['Club']) });
    const seen = await noClub.api.getPlaylist({ id: `sp-${jazzless}` });
    expect(seen.playlist.entry?.map((e) => e.id)).toEqual([String(ola)]);
  });

  it('updatePlaylist, deletePlaylist and createPlaylist on one answer error 50', async () => {
    const id = `sp-${jazzless}`;
    const update = await s.member.api
      .updatePlaylist({ playlistId: id, name: 'Renamed' })
      .catch((e: unknown) => e);
    expect(codeOf(update)).toBe(50);
    const remove = await s.member.api.deletePlaylist({ id }).catch((e: unknown) => e);
    expect(codeOf(remove)).toBe(50);
    const replace = await s.member.api.createPlaylist({ playlistId: id }).catch((e: unknown) => e);
    expect(codeOf(replace)).toBe(50);
  });

  it('a private smart playlist of another user is not found (70)', async () => {
    const privateId = await createSmart(s.admin, { name: 'Admin only', rules: [] });
    const answer = await s.member.api
      .getPlaylist({ id: `sp-${privateId}` })
      .catch((e: unknown) => e);
    expect(codeOf(answer)).toBe(70);
    const names = ((await s.member.api.getPlaylists({})).playlists.playlist ?? []).map(
      (p) => p.name,
    );
    expect(names).not.toContain('Admin only');
  });
});
