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
});
const user = (isAdmin: boolean, banned = false) =>
  ({ user_id: 1, is_admin: isAdmin ? 1 : 0, is_banned: banned ? 1 : 0 }) as UserRow;

const admin = toCaller(user(true), role([]));
const member = toCaller(user(false), role(['Explicit']));
const roles = [['Club'], []];

describe('what a share link may show', () => {
  it('is never a hidden collection, even an administrator’s link', () => {
    expect(mayShareCollection(admin, roles, { hidden: 1, tags: [] })).toBe(false);
    expect(mayShareCollection(admin, roles, { hidden: 0, tags: [] })).toBe(true);
  });

  it('hides what any role blacklists, compared folded, and what the sharer’s role hides', () => {
    expect(mayShareCollection(admin, roles, { hidden: 0, tags: ['CLUB'] })).toBe(false);
    expect(mayShareCollection(member, [[]], { hidden: 0, tags: ['explicit'] })).toBe(false);
    expect(mayShareCollection(member, [[]], { hidden: 0, tags: ['Jazz'] })).toBe(true);
    expect(shareVisibility(member, roles)).toEqual({
      isAdmin: false,
      blacklistKeys: expect.arrayContaining(['explicit', 'club']),
    });
  });

  it('needs a sharer who may browse and is not banned', () => {
    const noBrowse = toCaller(user(false), role([], false));
    expect(mayShareCollection(noBrowse, [[]], { hidden: 0, tags: [] })).toBe(false);
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
