import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueFixture } from '../helpers/catalogue-fixture';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { type Member, registerMember, setUpLibrary } from '../helpers/setup';

let t: TestApp;
let fx: CatalogueFixture;
let admin: TestClient;
let alice: Member;
let aliceId: number;

beforeAll(async () => {
  ({ t, admin, fx } = await setUpLibrary());
  alice = await registerMember(t, 'alice');
  aliceId = alice.userId;
});
afterAll(async () => {
  await fx.cleanup();
  await t.close();
});

const releaseDate = async (): Promise<string | null> =>
  (await admin.get(`/api/audio_collection/${fx.ids.single}`)).json<{
    collection: { audioReleaseDate: string | null };
  }>().collection.audioReleaseDate;

describe('POST /api/audio_collection/{id}: audioReleaseDate', () => {
  it.each(['2024-13-45', '2023-02-29', '2024-04-31', '2024-00-01'])(
    'refuses %s with 400 and keeps the old date',
    async (day) => {
      const before = await releaseDate();
      const response = await admin.post(`/api/audio_collection/${fx.ids.single}`, {
        audioReleaseDate: day,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'audioReleaseDate: must be a real calendar date written YYYY-MM-DD',
      });
      expect(await releaseDate()).toBe(before);
    },
  );

  it('accepts a leap day', async () => {
    const response = await admin.post(`/api/audio_collection/${fx.ids.single}`, {
      audioReleaseDate: '2024-02-29',
    });
    expect(response.statusCode).toBe(200);
    expect(await releaseDate()).toBe('2024-02-29');
  });
});

describe('POST /api/audio_collection/search: dateFrom and dateTo', () => {
  it('refuses a day that does not exist', async () => {
    const response = await alice.post('/api/audio_collection/search', { dateFrom: '2024-02-30' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^dateFrom: /);
    const to = await alice.post('/api/audio_collection/search', { dateTo: '2025-13-01' });
    expect(to.statusCode).toBe(400);
  });
});

describe('POST /api/user/{id}/extra: genres', () => {
  const genres = async () =>
    (await alice.get('/api/user')).json<{ user: { userExtra: { genres: string[] } } }>().user
      .userExtra.genres;

  it('stores only genres of the library, in the settings spelling', async () => {
    const response = await alice.post(`/api/user/${aliceId}/extra`, {
      genres: ['house', 'Drum & Bass', 'HOUSE'],
    });
    expect(response.statusCode).toBe(200);
    expect(await genres()).toEqual(['House', 'Drum & Bass']);
  });

  it.each([
    [
      'an unknown genre',
      ['House', 'Polka'],
      'genres: "Polka" is not one of the genres of this library',
    ],
    ['more than 50', Array.from({ length: 51 }, () => 'House'), 'genres: at most 50 genres'],
    ['a genre over 64 characters', ['x'.repeat(65)], 'genres.0: a genre is at most 64 characters'],
    ['an empty genre', ['  '], 'genres.0: a genre may not be empty'],
  ])('refuses %s with a clear 400 and keeps the old list', async (_name, list, message) => {
    const before = await genres();
    const response = await alice.post(`/api/user/${aliceId}/extra`, { genres: list });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(await genres()).toEqual(before);
  });

  it('refuses a 1 MB genre list without storing it', async () => {
    const huge = Array.from({ length: 13_000 }, (_, i) => `genre-${i}-${'y'.repeat(50)}`);
    const response = await alice.post(`/api/user/${aliceId}/extra`, { genres: huge });
    expect([400, 413]).toContain(response.statusCode);
    const row = await t.db
      .selectFrom('users')
      .select('extra')
      .where('user_id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(row.extra.length).toBeLessThan(50 * 70);
  });
});
