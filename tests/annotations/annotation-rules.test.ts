import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { fileIdsOf } from '../helpers/playlists';
import { errorOf, memberWithRole, perFile, withMember, setUpLibrary } from '../helpers/setup';
import {
  artistIdNamed,
  expectOk,
  favourite,
  favouriteIds,
  favouritesOf,
  rate,
  ratingsOf,
  storedAnnotations,
  unfavourite,
} from './annotations-client';

/**
 * What favourites and ratings refuse (issue 45): malformed input (400), what the caller may not
 * see (404, like what does not exist), a signed-out caller (401), a missing XSRF header (403).
 * A refused call changes nothing.
 */
const s = perFile(async () => withMember(await setUpLibrary()));

let ola: number;
let demo: number;
let anaRuiz: number;
let daxOkoro: number;

beforeAll(async () => {
  [ola] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number];
  [demo] = (await fileIdsOf(s, s.fx.ids.hidden)).audio as [number];
  anaRuiz = await artistIdNamed(s, 'Ana Ruiz');
  daxOkoro = await artistIdNamed(s, 'Dax Okoro');
});

const nothing = { tracks: [], collections: [], artists: [] };

describe('favourites and ratings refuse bad input with 400', () => {
  it('refuses a favourite without exactly one numeric id and no other field', async () => {
    const before = await storedAnnotations(s, s.user.userId);
    for (const body of [
      undefined,
      {},
      { collectionId: s.fx.ids.free, artistId: anaRuiz },
      { collectionId: String(s.fx.ids.free) },
      { collectionId: 2.5 },
      { collectionId: 0 },
      { collectionId: -1 },
      { collectionId: s.fx.ids.free, note: 'x' },
      { fileId: ola },
      { collectionId: null },
      [s.fx.ids.free],
    ]) {
      for (const call of [favourite, unfavourite]) {
        const response = await call(s.user, body);
        expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
        expect(errorOf(response)).toEqual(expect.any(String));
      }
    }
    expect(await storedAnnotations(s, s.user.userId)).toEqual(before);
  });

  it('refuses a rating that is not a whole 0 to 5 of exactly one item', async () => {
    const before = await storedAnnotations(s, s.user.userId);
    for (const body of [
      undefined,
      {},
      { rating: 3 },
      { fileId: ola },
      { fileId: ola, rating: 6 },
      { fileId: ola, rating: -1 },
      { fileId: ola, rating: 2.5 },
      { fileId: ola, rating: '3' },
      { fileId: String(ola), rating: 3 },
      { fileId: ola, collectionId: s.fx.ids.free, rating: 3 },
      { collectionId: s.fx.ids.free, rating: 3, stars: 3 },
      { artistId: anaRuiz, rating: null },
    ]) {
      const response = await rate(s.user, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
    }
    expect(await storedAnnotations(s, s.user.userId)).toEqual(before);
    expect(await ratingsOf(s.user)).toEqual({ files: [], collections: [], artists: [] });
  });
});

describe('favourites and ratings of what the caller may not see answer 404', () => {
  it('treats a hidden collection, its artist and its tracks like missing ones', async () => {
    const before = await storedAnnotations(s, s.user.userId);
    const refused = [
      () => favourite(s.user, { collectionId: s.fx.ids.hidden }),
      () => unfavourite(s.user, { collectionId: s.fx.ids.hidden }),
      () => favourite(s.user, { artistId: daxOkoro }),
      () => favourite(s.user, { collectionId: 987654 }),
      () => favourite(s.user, { artistId: 987654 }),
      () => rate(s.user, { collectionId: s.fx.ids.hidden, rating: 4 }),
      () => rate(s.user, { artistId: daxOkoro, rating: 4 }),
      () => rate(s.user, { fileId: demo, rating: 4 }),
      () => rate(s.user, { fileId: 987654, rating: 4 }),
      () => rate(s.user, { collectionId: s.fx.ids.hidden, rating: 0 }),
    ];
    for (const call of refused) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(404);
    }
    // Hidden and missing read the same.
    const hidden = await favourite(s.user, { collectionId: s.fx.ids.hidden });
    const missing = await favourite(s.user, { collectionId: 987654 });
    expect(hidden.body).toBe(missing.body);
    expect(await storedAnnotations(s, s.user.userId)).toEqual(before);
    expect(await favouritesOf(s.user)).toEqual(nothing);
  });

  it('never lists a favourite or rating once the role hides its collection', async () => {
    // "New" is a tag of Mareas (the free collection): this role may not see it.
    const blocked = await memberWithRole(s.t, { blacklisted_tags: JSON.stringify(['new']) });
    // Made before the rule: a favourite and ratings of what the role now hides.
    await s.t.db
      .insertInto('stars')
      .values({
        user_id: blocked.userId,
        kind: 'album',
        item_id: s.fx.ids.free,
        created_at: new Date().toISOString(),
      })
      .execute();
    await s.t.db
      .insertInto('ratings')
      .values([
        { user_id: blocked.userId, kind: 'album', item_id: s.fx.ids.free, rating: 5 },
        { user_id: blocked.userId, kind: 'song', item_id: ola, rating: 5 },
      ])
      .execute();
    expect(await favouritesOf(blocked)).toEqual(nothing);
    expect(await ratingsOf(blocked)).toEqual({ files: [], collections: [], artists: [] });

    const before = await storedAnnotations(s, blocked.userId);
    expect((await favourite(blocked, { collectionId: s.fx.ids.free })).statusCode).toBe(404);
    expect((await rate(blocked, { fileId: ola, rating: 1 })).statusCode).toBe(404);
    expect((await rate(blocked, { collectionId: s.fx.ids.free, rating: 1 })).statusCode).toBe(404);
    expect(await storedAnnotations(s, blocked.userId)).toEqual(before);

    // What the role does see works as for anyone.
    expectOk(await favourite(blocked, { collectionId: s.fx.ids.single }));
    expect(favouriteIds(await favouritesOf(blocked)).collections).toEqual([s.fx.ids.single]);
  });

  it('lets the administrator, who sees hidden collections, favourite and rate them', async () => {
    expectOk(await favourite(s.admin, { collectionId: s.fx.ids.hidden }));
    expectOk(await rate(s.admin, { fileId: demo, rating: 2 }));
    const favourites = await favouritesOf(s.admin);
    expect(favouriteIds(favourites).collections).toEqual([s.fx.ids.hidden]);
    expect((await ratingsOf(s.admin)).files).toEqual([{ id: demo, rating: 2 }]);
    // Still nothing of it for the member.
    expect(await favouritesOf(s.user)).toEqual(nothing);
  });

  it('refuses a role without the browse right with 403', async () => {
    const noBrowse = await memberWithRole(s.t, { enable_browse: 0 });
    expect((await favourite(noBrowse, { collectionId: s.fx.ids.free })).statusCode).toBe(403);
    expect((await rate(noBrowse, { fileId: ola, rating: 3 })).statusCode).toBe(403);
    expect((await noBrowse.get('/api/favourites')).statusCode).toBe(403);
  });
});

describe('who may call', () => {
  it('answers 401 to a signed-out caller, before looking at the input', async () => {
    const anonymous = new TestClient(s.t.app);
    for (const response of [
      await anonymous.get('/api/favourites'),
      await anonymous.get('/api/ratings'),
      await favourite(anonymous, { collectionId: s.fx.ids.free }),
      await unfavourite(anonymous, { collectionId: s.fx.ids.free }),
      await favourite(anonymous, { nonsense: true }),
      await rate(anonymous, { fileId: ola, rating: 3 }),
    ]) {
      expect(response.statusCode, response.body).toBe(401);
    }
  });

  it('needs the XSRF header for every change, and changes nothing without it', async () => {
    const before = await storedAnnotations(s, s.user.userId);
    const noXsrf = { noXsrf: true };
    for (const response of [
      await s.user.put('/api/favourite', { collectionId: s.fx.ids.free }, noXsrf),
      await s.user.request('DELETE', '/api/favourite', {
        body: { collectionId: s.fx.ids.free },
        ...noXsrf,
      }),
      await s.user.put('/api/rating', { fileId: ola, rating: 3 }, noXsrf),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(errorOf(response)).toMatch(/XSRF/);
    }
    expect(await storedAnnotations(s, s.user.userId)).toEqual(before);
  });
});
