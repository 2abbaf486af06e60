import { describe, expect, it } from 'vitest';
import { RadioAnswerSchema, RADIO_ARTIST_MAX, RADIO_ARTIST_WINDOW } from '../../domain/radio';
import { TestClient } from '../helpers/client';
import {
  errorOf,
  memberWithRole,
  perFile,
  registerMembers,
  setUpApp,
  withMember,
  type Member,
} from '../helpers/setup';
import { addListens, createRadioCatalogue } from './radio-catalogue';

const s = perFile(async () => {
  const setup = await withMember(await setUpApp());
  const catalogue = await createRadioCatalogue(setup.t);
  // A member whose role blacklists "secret" and sees no library folder (libraries: []).
  const narrow = await memberWithRole(setup.t, {
    blacklisted_tags: '["secret"]',
    libraries: '[]',
  });
  return { ...setup, catalogue, narrow };
});

async function radio(client: TestClient, seed: string, count = 50, exclude: number[] = []) {
  const query = new URLSearchParams({ seed, count: String(count) });
  if (exclude.length > 0) query.set('exclude', exclude.join(','));
  const response = await client.get(`/api/radio?${query.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return RadioAnswerSchema.parse(response.json()).tracks.map((entry) => entry.file.fileId);
}

/** Pages of one radio session, each excluding the whole queue so far (the client's cap is 500). */
async function session(client: TestClient, seed: string, pages: number, count = 30) {
  const queue: number[] = [];
  for (let page = 0; page < pages; page += 1)
    queue.push(...(await radio(client, seed, count, queue.slice(-500))));
  return queue;
}

/** Fails when any RADIO_ARTIST_WINDOW consecutive entries hold more than 3 of one artist. */
function expectDiverse(queue: readonly number[]) {
  const artists = queue.map((id) => s.catalogue.artistOf.get(id));
  for (let start = 0; start + 1 < artists.length; start += 1) {
    const window = artists.slice(start, start + RADIO_ARTIST_WINDOW);
    const counts = new Map<number | undefined, number>();
    for (const artist of window) counts.set(artist, (counts.get(artist) ?? 0) + 1);
    expect(Math.max(...counts.values()), `window at ${start}`).toBeLessThanOrEqual(
      RADIO_ARTIST_MAX,
    );
  }
}

/** Deep House artists the plain member sees (the blacklisted and second-library albums too). */
const houseArtists = () =>
  new Set(
    [...s.catalogue.albums, s.catalogue.secret, s.catalogue.otherLibrary]
      .filter((a) => a.genre === 'Deep House')
      .map((a) => a.artistId),
  );

describe('GET /api/radio', () => {
  it('starts a track radio with the track, then tracks like it', async () => {
    const seed = s.catalogue.albums[0]!.fileIds[0]!;
    const ids = await radio(s.user, `file:${seed}`);
    expect(ids).toHaveLength(50);
    expect(ids[0]).toBe(seed);
    expect(new Set(ids).size).toBe(50);
    // Same artist, then the same genre, rank above the other genre.
    const house = houseArtists();
    const firstTwenty = ids.slice(0, 20).map((id) => s.catalogue.artistOf.get(id)!);
    expect(firstTwenty.filter((artist) => house.has(artist)).length).toBeGreaterThanOrEqual(15);
    expect(firstTwenty.filter((a) => a === s.catalogue.albums[0]!.artistId).length).toBe(3);
  });

  it('plays an album, an artist or a genre', async () => {
    const album = s.catalogue.albums[7]!;
    const fromAlbum = await radio(s.user, `collection:${album.collectionId}`, 20);
    expect(fromAlbum.filter((id) => album.fileIds.includes(id)).length).toBe(3);
    const fromArtist = await radio(s.user, `artist:${album.artistId}`, 20);
    expect(fromArtist.slice(0, 5).filter((id) => album.fileIds.includes(id)).length).toBe(3);
    const fromGenre = await radio(s.user, 'genre:deep house', 20);
    const house = houseArtists();
    expect(
      fromGenre.filter((id) => house.has(s.catalogue.artistOf.get(id)!)).length,
    ).toBeGreaterThanOrEqual(15);
    // Two radios from one seed differ (chance is part of the score).
    const again = await radio(s.user, 'genre:Deep House', 20);
    expect(again).not.toEqual(fromGenre);
  });

  it('keeps at most 3 of one artist in any 20, and never repeats, page after page', async () => {
    for (const seed of [
      `file:${s.catalogue.albums[2]!.fileIds[3]!}`,
      `artist:${s.catalogue.albums[9]!.artistId}`,
      'genre:Techno',
    ]) {
      const queue = await session(s.user, seed, 3, 25);
      // 3 pages of 25: 75 of the 112 tracks the member sees, from 14 artists.
      expect(queue.length).toBe(75);
      expect(new Set(queue).size).toBe(queue.length);
      expectDiverse(queue);
    }
  });

  it('never answers what the caller may not see: hidden, blacklisted, another library', async () => {
    const never = new Set([
      ...s.catalogue.hidden.fileIds,
      ...s.catalogue.secret.fileIds,
      ...s.catalogue.otherLibrary.fileIds,
    ]);
    // 80 of the 96 tracks this member sees: past the similar ones, into the widening.
    const queue = await session(s.narrow, 'genre:Deep House', 2, 40);
    expect(queue.length).toBe(80);
    expect(queue.filter((id) => never.has(id))).toEqual([]);
    // The plain member sees the blacklisted and library albums, but never the hidden one.
    const plain = await session(s.user, 'genre:Deep House', 2, 40);
    expect(plain.filter((id) => s.catalogue.hidden.fileIds.includes(id))).toEqual([]);
    expect(plain.some((id) => s.catalogue.otherLibrary.fileIds.includes(id))).toBe(true);
  });

  it('answers 404 for a seed the caller may not see, like one that does not exist', async () => {
    const { hidden, secret, otherLibrary } = s.catalogue;
    const cases: Array<[TestClient, string, string]> = [
      [s.user, `file:${hidden.fileIds[0]!}`, 'File not found'],
      [s.user, 'file:999999', 'File not found'],
      [s.user, `collection:${hidden.collectionId}`, 'Collection not found'],
      [s.narrow, `collection:${secret.collectionId}`, 'Collection not found'],
      [s.narrow, `file:${otherLibrary.fileIds[0]!}`, 'File not found'],
      [s.user, `artist:${hidden.artistId}`, 'Artist not found'],
      [s.narrow, `artist:${otherLibrary.artistId}`, 'Artist not found'],
      [s.user, 'genre:Polka', 'Genre not found'],
    ];
    for (const [client, seed, error] of cases) {
      const response = await client.get(`/api/radio?seed=${encodeURIComponent(seed)}`);
      expect(response.statusCode, seed).toBe(404);
      expect(errorOf(response)).toBe(error);
    }
    // The administrator sees the hidden album, so its radio plays.
    const admin = await radio(s.admin, `collection:${hidden.collectionId}`, 5);
    expect(admin.length).toBe(5);
  });

  it('refuses bad seeds and bounds with a 400 naming the problem', async () => {
    const cases: Array<[string, string]> = [
      ['', 'seed'],
      ['seed=song:1', 'seed must be'],
      ['seed=file:abc', 'seed file id'],
      ['seed=file:0', 'seed file id'],
      ['seed=collection:-2', 'seed collection id'],
      [`seed=genre:${'a'.repeat(101)}`, 'genre name'],
      ['seed=genre:%20', 'genre name'],
      ['seed=file:1&count=0', 'count'],
      ['seed=file:1&count=101', 'count'],
      ['seed=file:1&count=ten', 'count'],
      ['seed=file:1&exclude=1,x', 'exclude'],
      ['seed=file:1&exclude=0', 'exclude'],
      [`seed=file:1&exclude=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`, 'exclude'],
    ];
    for (const [query, named] of cases) {
      const response = await s.user.get(`/api/radio?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response), query).toContain(named);
    }
  });

  it('needs a signed-in caller with the browse right', async () => {
    const seed = `file:${s.catalogue.albums[0]!.fileIds[0]!}`;
    expect((await new TestClient(s.t.app).get(`/api/radio?seed=${seed}`)).statusCode).toBe(401);
    const noBrowse = await memberWithRole(s.t, { enable_browse: 0 });
    expect((await noBrowse.get(`/api/radio?seed=${seed}`)).statusCode).toBe(403);
  });

  it('ranks a co-listened track above a like one nobody played with the seed', async () => {
    const seedAlbum = s.catalogue.albums[1]!;
    const far = s.catalogue.albums[11]!;
    const seed = seedAlbum.fileIds[0]!;
    const [together, alone] = far.fileIds;
    const listeners: readonly Member[] = await registerMembers(s.t, [
      'colistener1',
      'colistener2',
      'colistener3',
    ]);
    await addListens(
      s.t,
      listeners.flatMap(({ userId }) => [
        { userId, fileId: seed, collectionId: seedAlbum.collectionId },
        { userId, fileId: together!, collectionId: far.collectionId },
      ]),
    );
    // The two differ only in the co-listening; chance never outweighs it.
    for (let run = 0; run < 3; run += 1) {
      const ids = await radio(s.user, `file:${seed}`, 100);
      const at = ids.indexOf(together!);
      expect(at).toBeGreaterThan(0);
      const other = ids.indexOf(alone!);
      if (other >= 0) expect(other).toBeGreaterThan(at);
    }
  });
});
