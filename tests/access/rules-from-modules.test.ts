import { describe, expect, it } from 'vitest';
import { NO_ROLE, toCaller } from '../../server/access/caller';
import { assertMayContinueUpload } from '../../server/access/library-upload';
import { assertMayMessage } from '../../server/access/messages';
import { assertMayListPlaylistsOf } from '../../server/access/playlists';
import {
  assertMayTakeOffer,
  NO_DOWNLOADS_LEFT,
  requireDownloadsLeft,
} from '../../server/access/rights';
import { mayKeepRole } from '../../server/access/roles';
import { NO_REQUESTS_LEFT, requireRequestLeft } from '../../server/access/servers';
import type { UserRow } from '../../server/db/tables';

// Decisions modules used to make themselves (issue 45), as server/access now answers them.
const caller = (fields: Partial<UserRow>) =>
  toCaller({ user_id: 7, is_admin: 0, ...fields } as UserRow, NO_ROLE);

describe('access rules taken over from the modules', () => {
  it('lists a user their own playlists; anyone else’s only to administrators', () => {
    expect(() => assertMayListPlaylistsOf(caller({}), 7)).not.toThrow();
    expect(() => assertMayListPlaylistsOf(caller({}), 8)).toThrow('Only administrators');
    expect(() => assertMayListPlaylistsOf(caller({ is_admin: 1 }), 8)).not.toThrow();
  });

  it('lets only the uploader continue a resumable upload; others get its 404', () => {
    expect(() => assertMayContinueUpload(caller({}), 7)).not.toThrow();
    expect(() => assertMayContinueUpload(caller({}), 8)).toThrow('Upload not found');
    expect(() => assertMayContinueUpload(caller({}), Number(undefined))).toThrow(
      'Upload not found',
    );
  });

  it('sends no direct message to a banned account', () => {
    expect(() => assertMayMessage({ is_banned: 0 })).not.toThrow();
    expect(() => assertMayMessage({ is_banned: 1 })).toThrow('This user is banned');
  });

  it('sells a hidden offer only at the buyer’s own quote; a listed product at its price', () => {
    expect(() => assertMayTakeOffer({ hidden: 1, price: 500 }, 500)).not.toThrow();
    expect(() => assertMayTakeOffer({ hidden: 1, price: 300 }, 500)).toThrow('no longer matches');
    expect(() => assertMayTakeOffer({ hidden: 0, price: 300 }, 500)).not.toThrow();
  });

  it('keeps a bought role until its expiry instant, and one without expiry for good', () => {
    const now = '2025-05-01T12:00:00.000Z';
    expect(mayKeepRole({ role_expiration: null }, now)).toBe(true);
    expect(mayKeepRole({ role_expiration: '2025-05-02T00:00:00.000Z' }, now)).toBe(true);
    expect(mayKeepRole({ role_expiration: now }, now)).toBe(false);
    expect(mayKeepRole({ role_expiration: '2025-04-30T00:00:00.000Z' }, now)).toBe(false);
  });

  it('refuses a download or a download request the counters could not pay for', () => {
    expect(() => requireDownloadsLeft(true)).not.toThrow();
    expect(() => requireDownloadsLeft(false)).toThrow(NO_DOWNLOADS_LEFT);
    expect(() => requireRequestLeft(true)).not.toThrow();
    expect(() => requireRequestLeft(false)).toThrow(NO_REQUESTS_LEFT);
  });
});
