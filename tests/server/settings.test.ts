import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskRun } from '../../domain/task';
import { waitForTask } from '../admin/admin-test-setup';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestClient;
let user: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN.username, ADMIN.password);
  user = new TestClient(t.app);
  await user.register({ username: 'member' });
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/settings/public', () => {
  it('answers the public settings without a session', async () => {
    const response = await new TestClient(t.app).get('/api/settings/public');
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
  it('answers every setting to an administrator', async () => {
    const response = await admin.get('/api/settings');
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
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
      expect(body).toHaveProperty(key);
    }
    expect(body.audioGenres).toContain('Drum & Bass');
    expect(body.downloaderDefaults).toMatchObject({ deezer: { quality: 'FLAC' } });
  });

  it('refuses anonymous callers and non-administrators', async () => {
    expect((await new TestClient(t.app).get('/api/settings')).statusCode).toBe(401);
    expect((await user.get('/api/settings')).statusCode).toBe(403);
  });
});

describe('POST /api/settings', () => {
  it('merges a partial update and keeps it', async () => {
    const response = await admin.post('/api/settings', {
      randomizedPlaylistsCount: 12,
      collectionTags: ['New', 'Live'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ randomizedPlaylistsCount: 12, registrations: 'open' });
    admin.app = await t.rebuild();
    const again = (await admin.get('/api/settings')).json<Record<string, unknown>>();
    expect(again).toMatchObject({ randomizedPlaylistsCount: 12, collectionTags: ['New', 'Live'] });
  });

  it('refuses unknown keys and bad values and changes nothing', async () => {
    const unknown = await admin.post('/api/settings', { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    const bad = await admin.post('/api/settings', { registrations: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^registrations: /);
    const negative = await admin.post('/api/settings', { transcodePrice: -1 });
    expect(negative.statusCode).toBe(400);
    const missingRole = await admin.post('/api/settings', { defaultRoleId: 999 });
    expect(missingRole.statusCode).toBe(400);
    const settings = (await admin.get('/api/settings')).json<Record<string, unknown>>();
    expect(settings).toMatchObject({ registrations: 'open', transcodePrice: 100 });
  });

  it('refuses non-administrators and changes nothing', async () => {
    const response = await user.post('/api/settings', { registrations: 'closed' });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toBeTruthy();
    const settings = (await user.get('/api/settings/public')).json<{ registrations: string }>();
    expect(settings.registrations).toBe('open');
  });
});

/** Tasks run in the background: wait for the run the POST started. */
async function runTask(name: string): Promise<TaskRun> {
  const started = await admin.post(`/api/task/${name}`);
  expect(started.statusCode).toBe(200);
  return waitForTask(admin, started.json<TaskRun>().taskId);
}

describe('POST /api/task/{name}', () => {
  it('resets remaining requests and downloads to the role limits', async () => {
    await t.db
      .updateTable('users')
      .set({ remaining_requests: 0, remaining_downloads: 0 })
      .execute();
    await runTask('reset_requests');
    let me = (await user.get('/api/user')).json<{
      user: { remainingRequests: number; remainingDownloads: number };
    }>();
    expect(me.user).toMatchObject({ remainingRequests: 5, remainingDownloads: 0 });
    await runTask('reset_downloads');
    me = (await user.get('/api/user')).json();
    expect(me.user).toMatchObject({ remainingRequests: 5, remainingDownloads: 50 });
  });

  it('runs the genre update', async () => {
    expect((await runTask('update_genres')).state).toBe('finished');
  });

  it('refuses unknown tasks and non-administrators', async () => {
    expect((await admin.post('/api/task/format_disk')).statusCode).toBe(400);
    expect((await user.post('/api/task/reset_downloads')).statusCode).toBe(403);
    expect((await new TestClient(t.app).post('/api/task/reset_downloads')).statusCode).toBe(401);
  });
});
