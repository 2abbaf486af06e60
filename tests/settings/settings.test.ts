import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../domain/settings';
import { TestClient } from '../helpers/client';
import { errorOf, setUpApp, withMember, type AppSetup, type Member } from '../helpers/setup';

let c: AppSetup & { user: Member };

beforeEach(async () => {
  c = await withMember(await setUpApp());
});
afterEach(async () => {
  await c.close();
});

const settingsOf = async (client: TestClient): Promise<Settings> =>
  (await client.get('/api/settings')).json<Settings>();

describe('GET /api/settings/public', () => {
  it('answers the public settings without a session', async () => {
    const response = await new TestClient(c.t.app).get('/api/settings/public');
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      registrations: 'open',
      defaultServer: null,
      streamingOnly: false,
      enableBrowse: true,
      enableRequests: true,
      enableStore: true,
      paymentProviders: ['balance'],
      transcodePrice: 100,
    });
    expect(body).not.toHaveProperty('downloaderDefaults');
    expect(body).not.toHaveProperty('multipleAccountsFromSameIp');
  });
});

describe('GET /api/settings', () => {
  it("answers every setting to an administrator, with the spec's downloader defaults", async () => {
    const response = await c.admin.get('/api/settings');
    expect(response.statusCode).toBe(200);
    const settings = response.json<Settings>();
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
      'downloaderDefaults',
      'transcodePrice',
      'defaultRoleId',
    ]) {
      expect(settings).toHaveProperty(key);
    }
    expect(settings.audioGenres).toContain('Drum & Bass');
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
    const seenByMember = (await c.user.get('/api/settings/public')).json<Settings>();
    expect(seenByMember).toMatchObject({
      registrations: 'inviteOnly',
      streamingOnly: true,
      enableStore: false,
      transcodePrice: 250,
    });
  });

  it('merges a partial update, answers the whole and keeps it across a restart', async () => {
    const response = await c.admin.post('/api/settings', {
      randomizedPlaylistsCount: 12,
      collectionTags: ['New', 'Live'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ randomizedPlaylistsCount: 12, registrations: 'open' });
    c.admin.app = await c.t.rebuild();
    expect(await settingsOf(c.admin)).toMatchObject({
      randomizedPlaylistsCount: 12,
      collectionTags: ['New', 'Live'],
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
      [{ transcodePrice: -1 }, 'transcodePrice'],
      [{ randomizedPlaylistsCount: -1 }, 'randomizedPlaylistsCount'],
      [{ streamingOnly: 'yes' }, 'streamingOnly'],
      [{ defaultRoleId: 9999 }, 'defaultRoleId'],
    ] as const) {
      const response = await c.admin.post('/api/settings', { enableStore: false, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toContain(field);
    }
    const bad = await c.admin.post('/api/settings', { registrations: 'sometimes' });
    expect(errorOf(bad)).toMatch(/^registrations: /);
    expect(await settingsOf(c.admin)).toEqual(before);
  });

  it('refuses members and anonymous callers, changing nothing', async () => {
    const anonymous = new TestClient(c.t.app);
    expect((await c.user.get('/api/settings')).statusCode).toBe(403);
    expect((await anonymous.get('/api/settings')).statusCode).toBe(401);
    const refused = await c.user.post('/api/settings', { registrations: 'closed' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBeTruthy();
    expect((await anonymous.post('/api/settings', { enableStore: false })).statusCode).toBe(401);
    expect((await settingsOf(c.admin)).enableStore).toBe(true);
    const seen = (await c.user.get('/api/settings/public')).json<{ registrations: string }>();
    expect(seen.registrations).toBe('open');
  });
});
