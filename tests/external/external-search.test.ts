import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExternalSearchResultSchema } from '../../domain/external';
import { BASE_ROLE } from '../helpers/base-role';
import { TestClient } from '../helpers/client';
import { startFakeDeezer, type FakeDeezer } from '../helpers/fake-deezer';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { type Member, registerMember } from '../helpers/setup';

let t: TestApp;
let fake: FakeDeezer;
let user: Member;

beforeAll(async () => {
  fake = await startFakeDeezer();
  t = await createTestApp({ env: { EXTERNAL_SEARCH_URL: `${fake.url}/` } });
  user = await registerMember(t, 'listener');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.set({});
  fake.requests.length = 0;
});

const search = (client: TestClient, query: string) => client.get(`/api/external/search?${query}`);

describe('GET /api/external/search', () => {
  it('asks the configured catalogue and maps its tracks to external track results', async () => {
    const response = await search(user, `q=${encodeURIComponent('track 3')}`);
    expect(response.statusCode, response.body).toBe(200);
    const result = ExternalSearchResultSchema.parse(response.json());
    expect(result.data[0]).toEqual({
      platform: 'deezer',
      title: 'Track 3',
      album: 'Album 3',
      artists: ['Artist 3', 'Guest'],
      url: 'https://www.deezer.com/track/1003',
      cover: 'http://127.0.0.1/cover/3-250.jpg',
      coverFull: 'http://127.0.0.1/cover/3-1000.jpg',
      preview: 'http://127.0.0.1/preview/3.mp3',
      duration: 183,
    });
    const sent = fake.requests[0]!;
    expect(sent.pathname).toBe('/search/track');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      q: 'track 3',
      index: '0',
      limit: '25',
    });
  });

  it('uses the main artist when there are no contributors', async () => {
    const result = ExternalSearchResultSchema.parse((await search(user, 'q=Track 1')).json());
    expect(result.data.find((track) => track.title === 'Track 1')?.artists).toEqual(['Artist 1']);
  });

  it('pages with index and answers next only while there are more', async () => {
    const first = ExternalSearchResultSchema.parse((await search(user, 'q=*')).json());
    expect(first).toMatchObject({ total: 30, next: 25 });
    expect(first.data).toHaveLength(25);
    const second = ExternalSearchResultSchema.parse((await search(user, 'q=*&index=25')).json());
    expect(second.next).toBeNull();
    expect(second.data.map((track) => track.title)).toEqual([
      'Track 26',
      'Track 27',
      'Track 28',
      'Track 29',
      'Track 30',
    ]);
    expect(fake.requests[1]!.searchParams.get('index')).toBe('25');
  });

  it('sends the query URL-encoded and cannot be steered to another path', async () => {
    await search(user, `q=${encodeURIComponent('a&index=99/../../x?#')}`);
    const sent = fake.requests[0]!;
    expect(sent.pathname).toBe('/search/track');
    expect(sent.searchParams.get('q')).toBe('a&index=99/../../x?#');
    expect(sent.searchParams.get('index')).toBe('0');
  });

  it('answers 502 with the reason when the catalogue fails', async () => {
    fake.set({ status: 500 });
    const failed = await search(user, 'q=x');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: 'The external catalogue did not answer: status 500' });
    fake.set({ rawBody: '<html>' });
    expect((await search(user, 'q=x')).statusCode).toBe(502);
    fake.set({ rawBody: JSON.stringify({ error: { message: 'Quota limit exceeded' } }) });
    const quota = await search(user, 'q=x');
    expect(quota.json<{ error: string }>().error).toMatch(/Quota limit exceeded/);
  });

  it('does not follow redirects', async () => {
    const elsewhere = await startFakeDeezer();
    try {
      fake.set({ redirectTo: `${elsewhere.url}/search/track?q=x` });
      expect((await search(user, 'q=x')).statusCode).toBe(502);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses bad input with 400 without calling the catalogue', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      'q=x&index=-1',
      'q=x&index=abc',
      `q=${'x'.repeat(201)}`,
    ]) {
      expect((await search(user, query)).statusCode, query).toBe(400);
    }
    expect(fake.requests).toEqual([]);
  });

  it('answers 401 without a session and 403 to a role without roleEnableBrowse', async () => {
    expect((await search(new TestClient(t.app), 'q=x')).statusCode).toBe(401);
    const blind = new TestClient(t.app);
    await blind.register({ username: 'blinduser' });
    const role = await t.db
      .insertInto('roles')
      .values({ ...BASE_ROLE, role_name: 'No browse', download_limit: 50, enable_browse: 0 })
      .returning('role_id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('users')
      .set({ role_id: role.role_id })
      .where('user_name', '=', 'blinduser')
      .execute();
    expect((await search(blind, 'q=x')).statusCode).toBe(403);
  });

  it('allows 30 searches a minute per user, then answers 429', async () => {
    const busy = new TestClient(t.app);
    await busy.register({ username: 'busyuser' });
    for (let i = 0; i < 30; i += 1) expect((await search(busy, 'q=x')).statusCode).toBe(200);
    const limited = await search(busy, 'q=x');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another user still has a budget of their own.
    expect((await search(user, 'q=x')).statusCode).toBe(200);
  });
});
