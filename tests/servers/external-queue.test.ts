import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { makeMp3 } from '../helpers/audio';
import { serve, sleep, startFileServer } from './fixtures';
import { type Member, registerMembers, setUpApp } from '../helpers/setup';

let t: TestApp;
let admin: TestClient;
let member: Member;
let other: Member;
let files: Awaited<ReturnType<typeof startFileServer>>;

interface Status {
  collectionId: number | null;
  state: string;
  downloadId: string;
}

beforeAll(async () => {
  const mp3 = await makeMp3({ title: 'Requested Song', album: 'Requested Album', artist: 'Asker' });
  files = await startFileServer({ '/song.mp3': serve(mp3) });
  ({ t, admin } = await setUpApp({ env: { DOWNLOADER_ALLOW_PRIVATE: '1' } }));
  [member, other] = await registerMembers(t, ['member', 'other']);
});
afterAll(async () => {
  await t.close();
  await files.close();
});

async function settle(client: TestClient, downloadId: string): Promise<Status> {
  for (let i = 0; i < 300; i++) {
    const status = (await client.get(`/downloader/request/0/status/${downloadId}`)).json<Status>();
    if (status.state === 'error' || status.collectionId !== null) return status;
    await sleep(100);
  }
  throw new Error('the request did not settle');
}

const remaining = async (client: TestClient): Promise<number | null> =>
  (await client.get('/api/user')).json<{ user: { remainingRequests: number | null } }>().user
    .remainingRequests;

describe('the external queue', () => {
  it('queues a deezer result, counts the request, and ends in error without a plug-in', async () => {
    const before = await remaining(member);
    const response = await member.post('/downloader/request/0', {
      platform: 'deezer',
      url: 'https://www.deezer.com/track/1001',
    });
    expect(response.statusCode).toBe(200);
    const { downloadId } = response.json<{ downloadId: string }>();
    expect(downloadId).toMatch(/^\d+$/);
    expect(await remaining(member)).toBe((before ?? 0) - 1);
    expect(await settle(member, downloadId)).toEqual({
      collectionId: null,
      state: 'error',
      downloadId,
    });
    const list = (await admin.get('/downloader/0/api/download')).json<Array<{ message: string }>>();
    expect(list[0]?.message).toBe('no downloader for deezer on this server');
  });

  it('a direct link becomes a collection the status names', async () => {
    const response = await member.post('/downloader/request/0', {
      platform: 'url',
      url: `${files.url}/song.mp3`,
    });
    const { downloadId } = response.json<{ downloadId: string }>();
    const status = await settle(member, downloadId);
    expect(status.state).toBe('done');
    const collection = await member.get(`/api/audio_collection/${status.collectionId}`);
    expect(collection.statusCode).toBe(200);
    expect(collection.body).toContain('Requested Song');
  });

  it("hides another user's request status; administrators see it", async () => {
    const { downloadId } = (
      await member.post('/downloader/request/0', {
        platform: 'spotify',
        url: 'https://open.spotify.com/track/1',
      })
    ).json<{ downloadId: string }>();
    expect((await other.get(`/downloader/request/0/status/${downloadId}`)).statusCode).toBe(404);
    expect((await admin.get(`/downloader/request/0/status/${downloadId}`)).statusCode).toBe(200);
    expect((await member.get('/downloader/request/0/status/99999')).statusCode).toBe(404);
  });

  it('refuses with no remaining requests, or a role without requests', async () => {
    await t.db
      .updateTable('users')
      .set({ remaining_requests: 0 })
      .where('user_name', '=', 'other')
      .execute();
    const none = await other.post('/downloader/request/0', {
      platform: 'deezer',
      url: 'https://www.deezer.com/track/2',
    });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ error: 'You have no remaining requests left!' });
    await t.db
      .updateTable('roles')
      .set({ enable_requests: 0 })
      .where('role_name', '=', 'Member')
      .execute();
    const role = await member.post('/downloader/request/0', {
      platform: 'deezer',
      url: 'https://www.deezer.com/track/3',
    });
    expect(role.statusCode).toBe(403);
    await t.db
      .updateTable('roles')
      .set({ enable_requests: 1 })
      .where('role_name', '=', 'Member')
      .execute();
  });

  it('refuses bad input, unknown servers and anonymous callers', async () => {
    const body = { platform: 'deezer', url: 'https://www.deezer.com/track/1001' };
    for (const bad of [
      {},
      { platform: 'deezer' },
      { platform: '', url: body.url },
      { ...body, url: 'nope' },
    ])
      expect(
        (await member.post('/downloader/request/0', bad)).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    expect((await member.post('/downloader/request/main', body)).statusCode).toBe(400);
    expect((await member.post('/downloader/request/42', body)).statusCode).toBe(404);
    expect((await member.get('/downloader/request/0/status/a%20b')).statusCode).toBe(400);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/downloader/request/0', body)).statusCode).toBe(401);
    expect((await anonymous.get('/downloader/request/0/status/1')).statusCode).toBe(401);
  });
});
