import { describe, expect, it } from 'vitest';
import type { Role } from '../../domain/role';
import { NO_ROLE, toCaller } from '../../server/access/caller';
import {
  mayShareCollection,
  sharerStillShares,
  shareStreamsInFull,
  shareVisibility,
} from '../../server/access/share-rights';
import type { UserRow } from '../../server/db/tables';

const role = (roleBlacklistedTags: string[], roleEnableBrowse = true): Role => ({
  ...NO_ROLE,
  roleId: 9,
  roleEnableBrowse,
  roleBlacklistedTags,
  roleLibraries: null,
});
const user = (isAdmin: boolean, banned = false) =>
  ({ user_id: 1, is_admin: isAdmin ? 1 : 0, is_banned: banned ? 1 : 0 }) as UserRow;

const admin = toCaller(user(true), role([]));
const member = toCaller(user(false), role(['Explicit']));
const reach = (blacklist: string[], libraries: number[] | null = null) => ({
  blacklist,
  libraries,
});
const roles = [reach(['Club']), reach([])];
const open = (over: { hidden?: number; tags?: string[]; libraryId?: number | null } = {}) => ({
  hidden: 0,
  tags: [],
  libraryId: null,
  ...over,
});

describe('what a share link may show', () => {
  it('is never a hidden collection, even an administrator’s link', () => {
    expect(mayShareCollection(admin, roles, open({ hidden: 1 }))).toBe(false);
    expect(mayShareCollection(admin, roles, open())).toBe(true);
  });

  it('hides what any role blacklists, compared folded, and what the sharer’s role hides', () => {
    expect(mayShareCollection(admin, roles, open({ tags: ['CLUB'] }))).toBe(false);
    expect(mayShareCollection(member, [reach([])], open({ tags: ['explicit'] }))).toBe(false);
    expect(mayShareCollection(member, [reach([])], open({ tags: ['Jazz'] }))).toBe(true);
    expect(shareVisibility(member, roles)).toEqual({
      isAdmin: false,
      blacklistKeys: expect.arrayContaining(['explicit', 'club']),
      libraryIds: null,
    });
  });

  it('shows a library only when the sharer and every role see it', () => {
    const limited = [reach([], [1, 2]), reach([], null)];
    expect(mayShareCollection(admin, limited, open({ libraryId: 2 }))).toBe(true);
    expect(mayShareCollection(admin, [...limited, reach([], [1])], open({ libraryId: 2 }))).toBe(
      false,
    );
    // From no library folder (an upload): as before.
    expect(mayShareCollection(admin, [reach([], [])], open())).toBe(true);
    const oneLibrary = toCaller(user(false), { ...role([]), roleLibraries: [1] });
    expect(mayShareCollection(oneLibrary, [reach([])], open({ libraryId: 2 }))).toBe(false);
    expect(mayShareCollection(oneLibrary, [reach([])], open({ libraryId: 1 }))).toBe(true);
  });

  it('needs a sharer who may browse and is not banned', () => {
    const noBrowse = toCaller(user(false), role([], false));
    expect(mayShareCollection(noBrowse, [reach([])], open())).toBe(false);
    expect(sharerStillShares(noBrowse)).toBe(false);
    expect(sharerStillShares(toCaller(user(false, true), role([])))).toBe(false);
    expect(sharerStillShares(member)).toBe(true);
  });
});

describe('full streams through a link', () => {
  it('only for a free collection while the setting is on', () => {
    expect(shareStreamsInFull({ shareFullStreams: true }, { collectionPrice: null })).toBe(true);
    expect(shareStreamsInFull({ shareFullStreams: true }, { collectionPrice: 0 })).toBe(true);
    expect(shareStreamsInFull({ shareFullStreams: true }, { collectionPrice: 100 })).toBe(false);
    expect(shareStreamsInFull({ shareFullStreams: false }, { collectionPrice: null })).toBe(false);
  });
});
