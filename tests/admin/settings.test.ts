import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../domain/settings';
import { TestClient } from '../helpers/client';
import { setUpAdmin, type AdminTestContext } from './admin-test-setup';

let c: AdminTestContext;

beforeEach(async () => {
  c = await setUpAdmin();
});
afterEach(async () => {
  await c.t.close();
});

const settingsOf = async (client: TestClient): Promise<Settings> =>
  (await client.get('/api/settings')).json<Settings>();

describe('GET /api/settings', () => {
  it("answers every field with the spec's downloader defaults", async () => {
    const settings = await settingsOf(c.admin);
    expect(settings.downloaderDefaults).toMatchObject({
      deezer: {
        imageSize: 1600,
        quality: 'FLAC',
        filenameTemplate: 'artist - title',
        downloadCover: false,
        failAllIfOne: true,
      },
      spotify: { quality: 'OGG_320', failAllIfOne: true },
    });
    for (const key of [
      'registrations',
      'defaultServer',
      'defaultPost',
      'audioGenres',
      'collectionTags',
      'streamingOnly',
      'multipleAccountsFromSameIp',
      'sendDmEmails',
      'generatedPlaylistsUserId',
      'randomizedPlaylistsCount',
      'paymentProviders',
      'homepageCollectionTags',
      'enableBrowse',
      'enableRequests',
      'enableStore',
      'transcodePrice',
    ]) {
      expect(settings).toHaveProperty(key);
    }
  });
});

describe('POST /api/settings', () => {
  it('stores every field of one screen and shows them on the next fetch', async () => {
    const change = {
      registrations: 'inviteOnly',
      defaultServer: 0,
      defaultPost: [{ name: 'move', options: { to: 'Library' } }],
      audioGenres: ['Ambient', 'Dub'],
      collectionTags: ['New', 'Rare'],
      streamingOnly: true,
      multipleAccountsFromSameIp: false,
      sendDmEmails: true,
      randomizedPlaylistsCount: 7,
      paymentProviders: ['balance', 'stripe'],
      homepageCollectionTags: ['Rare'],
      enableBrowse: false,
      enableRequests: false,
      enableStore: false,
      transcodePrice: 250,
    } as const;
    const response = await c.admin.post('/api/settings', change);
    expect(response.statusCode, response.body).toBe(200);
    expect(await settingsOf(c.admin)).toMatchObject(change);
    const seenByMember = (await c.member.get('/api/settings/public')).json<Settings>();
    expect(seenByMember).toMatchObject({
      registrations: 'inviteOnly',
      streamingOnly: true,
      enableStore: false,
      transcodePrice: 250,
    });
  });

  it('saves the downloader defaults on their own, keeping the rest', async () => {
    const deezer = {
      imageSize: 1200,
      quality: 'MP3_320',
      filenameTemplate: 'title',
      downloadCover: true,
      failAllIfOne: false,
    };
    const before = await settingsOf(c.admin);
    const response = await c.admin.post('/api/settings', {
      downloaderDefaults: { ...before.downloaderDefaults, deezer },
    });
    expect(response.statusCode).toBe(200);
    const after = await settingsOf(c.admin);
    expect(after.downloaderDefaults.deezer).toEqual(deezer);
    expect(after.downloaderDefaults.spotify).toEqual(before.downloaderDefaults.spotify);
    expect(after.randomizedPlaylistsCount).toBe(before.randomizedPlaylistsCount);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await settingsOf(c.admin);
    for (const [body, field] of [
      [{ colour: 'red' }, 'colour'],
      [{ registrations: 'sometimes' }, 'registrations'],
      [{ audioGenres: ['Jazz', 3] }, 'audioGenres'],
      [{ collectionTags: 'New' }, 'collectionTags'],
      [{ homepageCollectionTags: [null] }, 'homepageCollectionTags'],
      [{ defaultServer: 42 }, 'defaultServer'],
      [{ paymentProviders: ['paypal'] }, 'paymentProviders'],
      [{ transcodePrice: 1.5 }, 'transcodePrice'],
      [{ randomizedPlaylistsCount: -1 }, 'randomizedPlaylistsCount'],
      [{ streamingOnly: 'yes' }, 'streamingOnly'],
      [{ defaultRoleId: 9999 }, 'defaultRoleId'],
    ] as const) {
      const response = await c.admin.post('/api/settings', { enableStore: false, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(field);
    }
    expect(await settingsOf(c.admin)).toEqual(before);
  });

  it('refuses members and anonymous callers, changing nothing', async () => {
    const anonymous = new TestClient(c.t.app);
    expect((await c.member.get('/api/settings')).statusCode).toBe(403);
    expect((await anonymous.get('/api/settings')).statusCode).toBe(401);
    expect((await c.member.post('/api/settings', { enableStore: false })).statusCode).toBe(403);
    expect((await anonymous.post('/api/settings', { enableStore: false })).statusCode).toBe(401);
    expect((await settingsOf(c.admin)).enableStore).toBe(true);
  });
});
