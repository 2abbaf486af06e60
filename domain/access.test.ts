import { describe, expect, it } from 'vitest';
import {
  canDownloadCollection,
  canPlayFull,
  canTranscode,
  drawerVisibility,
  isStreamingOnly,
} from './access';
import type { Role } from './role';

const role = (over: Partial<Role> = {}): Role => ({
  roleId: 1,
  roleName: 'Member',
  roleSpeedLimit: null,
  roleDownloadLimit: 50,
  roleRequestLimit: 5,
  roleCanUpload: false,
  roleUploadLimit: null,
  roleTranscode: false,
  roleVip: false,
  roleDownloadPaid: false,
  roleEnableBrowse: true,
  roleEnableRequests: true,
  roleEnableStore: true,
  rolePodcasts: true,
  roleBlacklistedTags: [],
  roleLibraries: null,
  ...over,
});
const paid = { collectionPrice: 500 };
const free = { collectionPrice: null };

describe('canPlayFull', () => {
  it('plays free collections in full', () => expect(canPlayFull(free, false, role())).toBe(true));
  it('plays only the preview of a paid, locked collection', () =>
    expect(canPlayFull(paid, false, role())).toBe(false));
  it('plays unlocked collections in full', () =>
    expect(canPlayFull(paid, true, role())).toBe(true));
  it('plays in full for roleDownloadPaid', () =>
    expect(canPlayFull(paid, false, role({ roleDownloadPaid: true }))).toBe(true));
  it('plays in full for a role without download limit', () =>
    expect(canPlayFull(paid, false, role({ roleDownloadLimit: null }))).toBe(true));
});

describe('canDownloadCollection', () => {
  it('needs an unlock or roleDownloadPaid for a paid collection', () => {
    expect(canDownloadCollection(paid, false, role({ roleDownloadLimit: null }))).toBe(false);
    expect(canDownloadCollection(paid, true, role())).toBe(true);
    expect(canDownloadCollection(paid, false, role({ roleDownloadPaid: true }))).toBe(true);
    expect(canDownloadCollection({ collectionPrice: 0 }, false, role())).toBe(true);
  });
});

describe('canTranscode', () => {
  it('needs roleTranscode or a transcode unlock', () => {
    expect(canTranscode(role(), false)).toBe(false);
    expect(canTranscode(role({ roleTranscode: true }), false)).toBe(true);
    expect(canTranscode(role(), true)).toBe(true);
  });
});

describe('isStreamingOnly', () => {
  it('never restricts VIP roles and defaults to streaming-only when unknown', () => {
    expect(isStreamingOnly(role({ roleVip: true }), { streamingOnly: true })).toBe(false);
    expect(isStreamingOnly(role(), { streamingOnly: false })).toBe(false);
    expect(isStreamingOnly(role(), { streamingOnly: true })).toBe(true);
    expect(isStreamingOnly(role(), undefined)).toBe(true);
  });
});

describe('drawerVisibility', () => {
  it('needs both the role flag and the setting for browse, requests and store', () => {
    const settings = { enableBrowse: true, enableRequests: false, enableStore: true };
    expect(
      drawerVisibility({ isAdmin: false }, role({ roleEnableStore: false }), settings),
    ).toEqual({
      browse: true,
      requests: false,
      playlists: true,
      upload: false,
      userUpload: true,
      store: false,
      podcasts: true,
      admin: false,
    });
    expect(drawerVisibility({ isAdmin: true }, role(), settings)).toMatchObject({
      upload: true,
      admin: true,
    });
  });

  it('shows Podcasts to roles with the podcasts right and to administrators only', () => {
    const settings = { enableBrowse: true, enableRequests: true, enableStore: true };
    const member = { isAdmin: false };
    expect(drawerVisibility(member, role({ rolePodcasts: true }), settings).podcasts).toBe(true);
    expect(drawerVisibility(member, role({ rolePodcasts: false }), settings).podcasts).toBe(false);
    const admin = { isAdmin: true };
    expect(drawerVisibility(admin, role({ rolePodcasts: false }), settings).podcasts).toBe(true);
  });

  it('offers /user-upload to confirmed members whose role keeps upload bytes', () => {
    const settings = { enableBrowse: true, enableRequests: true, enableStore: true };
    const member = { isAdmin: false, emailConfirmed: true };
    expect(drawerVisibility(member, role({ roleUploadLimit: null }), settings).userUpload).toBe(
      true,
    );
    expect(drawerVisibility(member, role({ roleUploadLimit: 0 }), settings).userUpload).toBe(false);
    const unconfirmed = { isAdmin: false, emailConfirmed: false };
    expect(drawerVisibility(unconfirmed, role(), settings).userUpload).toBe(false);
    const admin = { isAdmin: true, emailConfirmed: false };
    expect(drawerVisibility(admin, role({ roleUploadLimit: 0 }), settings).userUpload).toBe(true);
  });
});
