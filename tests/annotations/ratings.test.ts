import { beforeAll, describe, expect, it } from 'vitest';
import { fileIdsOf } from '../helpers/playlists';
import { perFile, registerMember } from '../helpers/setup';
import { setUpSubsonic, subsonicFor, type SubsonicUser } from '../helpers/subsonic';
import { artistIdNamed, expectOk, rate, ratingsOf } from './annotations-client';

/**
 * Ratings (issue 45): PUT /api/rating and /rest setRating write one store, read back as
 * GET /api/ratings and as `userRating` on /rest songs, albums and artists; 0 clears.
 */
const s = perFile(setUpSubsonic);

let rest: SubsonicUser;
let ola: number;
let anaRuiz: number;

beforeAll(async () => {
  rest = s.member;
  [ola] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number];
  anaRuiz = await artistIdNamed(s, 'Ana Ruiz');
});

const songRating = async (api = rest.api) =>
  (await api.getSong({ id: String(ola) })).song.userRating;
const albumRating = async (api = rest.api) =>
  (await api.getAlbum({ id: `al-${s.fx.ids.free}` })).album.userRating;
// subsonic-api's ArtistID3 type leaves out userRating, which OpenSubsonic servers send.
const artistRating = async (api = rest.api) =>
  ((await api.getArtist({ id: `ar-${anaRuiz}` })).artist as { userRating?: number }).userRating;

describe('PUT /api/rating, GET /api/ratings', () => {
  it('is userRating in /rest getSong and getAlbum, and 0 clears it', async () => {
    expectOk(await rate(s.user, { fileId: ola, rating: 4 }));
    expectOk(await rate(s.user, { collectionId: s.fx.ids.free, rating: 5 }));
    expect(await songRating()).toBe(4);
    expect(await albumRating()).toBe(5);
    // The album's songs carry their own rating.
    const album = await rest.api.getAlbum({ id: `al-${s.fx.ids.free}` });
    expect(album.album.song?.map((x) => [x.id, x.userRating])).toEqual([
      [String(ola), 4],
      [expect.any(String), undefined],
    ]);

    // A new rating replaces the old one.
    expectOk(await rate(s.user, { fileId: ola, rating: 2 }));
    expect(await songRating()).toBe(2);

    expectOk(await rate(s.user, { fileId: ola, rating: 0 }));
    expectOk(await rate(s.user, { collectionId: s.fx.ids.free, rating: 0 }));
    expect(await songRating()).toBeUndefined();
    expect(await albumRating()).toBeUndefined();
    // Clearing what is not rated is no change, not an error.
    expectOk(await rate(s.user, { fileId: ola, rating: 0 }));
  });

  it('is userRating in /rest getArtist for an artist, and 0 clears it', async () => {
    expectOk(await rate(s.user, { artistId: anaRuiz, rating: 3 }));
    expect(await artistRating()).toBe(3);
    expect(await ratingsOf(s.user)).toEqual({
      files: [],
      collections: [],
      artists: [{ id: anaRuiz, rating: 3 }],
    });
    expectOk(await rate(s.user, { artistId: anaRuiz, rating: 0 }));
    expect(await artistRating()).toBeUndefined();
  });

  it('lists ratings given with /rest setRating, by kind', async () => {
    await rest.api.setRating({ id: String(ola), rating: 1 });
    await rest.api.setRating({ id: `al-${s.fx.ids.single}`, rating: 4 });
    await rest.api.setRating({ id: `ar-${anaRuiz}`, rating: 5 });
    expect(await ratingsOf(s.user)).toEqual({
      files: [{ id: ola, rating: 1 }],
      collections: [{ id: s.fx.ids.single, rating: 4 }],
      artists: [{ id: anaRuiz, rating: 5 }],
    });
    await rest.api.setRating({ id: String(ola), rating: 0 });
    expectOk(await rate(s.user, { collectionId: s.fx.ids.single, rating: 0 }));
    await rest.api.setRating({ id: `ar-${anaRuiz}`, rating: 0 });
    expect(await ratingsOf(s.user)).toEqual({ files: [], collections: [], artists: [] });
  });

  it("never shows one user's ratings to another", async () => {
    const other = await registerMember(s.t, 'other-rater');
    const otherRest = await subsonicFor(s.url, other, other.userName);
    expectOk(await rate(s.user, { fileId: ola, rating: 5 }));
    expectOk(await rate(s.user, { collectionId: s.fx.ids.free, rating: 5 }));
    expectOk(await rate(s.user, { artistId: anaRuiz, rating: 5 }));

    expect(await ratingsOf(other)).toEqual({ files: [], collections: [], artists: [] });
    expect(await songRating(otherRest.api)).toBeUndefined();
    expect(await albumRating(otherRest.api)).toBeUndefined();
    expect(await artistRating(otherRest.api)).toBeUndefined();

    // Their own ratings of the same items are theirs alone.
    expectOk(await rate(other, { fileId: ola, rating: 1 }));
    expect(await songRating(otherRest.api)).toBe(1);
    expect(await songRating()).toBe(5);
    expect((await ratingsOf(s.user)).files).toEqual([{ id: ola, rating: 5 }]);
  });
});
