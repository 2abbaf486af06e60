import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CollectionSchema,
  CollectionWithFilesSchema,
  type CollectionWithFiles,
} from '../../domain/collection';
import { nowIso } from '../../server/db/database';
import { TestClient } from '../helpers/client';
import { idsOf } from '../helpers/catalogue-fixture';
import {
  type LibrarySetup,
  memberWithApiRole,
  perFile,
  setUpLibrary,
  withMember,
} from '../helpers/setup';

const c = perFile(async () => withMember(await setUpLibrary()));
let ids: LibrarySetup['fx']['ids'];

beforeAll(() => {
  ids = c.fx.ids;
});

async function collection(id: number, client: TestClient = c.user): Promise<CollectionWithFiles> {
  const response = await client.get(`/api/audio_collection/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return CollectionWithFilesSchema.parse(response.json());
}

describe('GET /api/audio_collection/{id}', () => {
  it('answers the collection and its audio files ordered by track number', async () => {
    const { collection: info, files } = await collection(ids.free);
    expect(info).toMatchObject({
      collectionId: ids.free,
      collectionName: 'Mareas',
      collectionHidden: false,
      collectionTags: ['New', 'Featured'],
      collectionPrice: null,
      collectionDescription: 'About Mareas',
      audioArtists: ['Ana Ruiz'],
      audioLabel: 'Sello Azul',
      audioGenres: ['House'],
      audioReleaseDate: '2024-01-15',
      unlockedCollectionUserId: null,
    });
    expect(info.collectionImageHash).toMatch(/^[0-9a-f]{64}$/);
    expect(files.map((f) => f.audio?.audioTitle)).toEqual(['Ola', 'Espuma']);
    expect(files.map((f) => f.file.filePath)).toEqual(['01 - Ola.flac', '02 - Espuma.flac']);
    const first = files[0]!;
    expect(first.file.fileSize).toBeGreaterThan(0);
    expect(first.audio).toMatchObject({ audioFormat: expect.any(String), audioPlayCount: 0 });
    expect(first.audio!.audioSampleRate).toBeGreaterThan(0);
  });

  it('lists non-audio files to administrators only', async () => {
    const asAdmin = await collection(ids.free, c.admin);
    const paths = asAdmin.files.map((f) => f.file.filePath);
    expect(paths).toContain('album.cue');
    expect(asAdmin.files.find((f) => f.file.filePath === 'album.cue')?.audio).toBeNull();
    const asUser = await collection(ids.free);
    expect(asUser.files.every((f) => f.audio !== null)).toBe(true);
  });

  it('answers 404 for hidden collections to users and unknown ids, 400 for bad ids', async () => {
    expect((await c.user.get(`/api/audio_collection/${ids.hidden}`)).statusCode).toBe(404);
    expect((await collection(ids.hidden, c.admin)).collection.collectionHidden).toBe(true);
    expect((await c.user.get('/api/audio_collection/999999')).statusCode).toBe(404);
    const bad = await c.user.get('/api/audio_collection/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('error');
  });

  it('answers 404 for a collection with a tag the role blacklists', async () => {
    const picky = await memberWithApiRole(c, 'picky', { roleBlacklistedTags: ['Club'] });
    expect((await picky.get(`/api/audio_collection/${ids.paid}`)).statusCode).toBe(404);
    expect((await picky.get(`/api/audio_collection/${ids.free}`)).statusCode).toBe(200);
  });

  it('refuses anonymous callers and roles without browsing', async () => {
    expect(
      (await new TestClient(c.t.app).get(`/api/audio_collection/${ids.free}`)).statusCode,
    ).toBe(401);
    const listener = await memberWithApiRole(c, 'listener', { roleEnableBrowse: false });
    expect((await listener.get(`/api/audio_collection/${ids.free}`)).statusCode).toBe(403);
  });
});

describe('POST /api/audio_collection/bulk', () => {
  it('answers the visible collections in the order asked, with audio files only', async () => {
    const response = await c.user.post('/api/audio_collection/bulk', {
      ids: [ids.single, ids.hidden, 999999, ids.free],
    });
    expect(response.statusCode).toBe(200);
    const items = z.array(CollectionWithFilesSchema).parse(response.json());
    expect(items.map((i) => i.collection.collectionId)).toEqual([ids.single, ids.free]);
    expect(items[1]!.files.map((f) => f.file.filePath)).not.toContain('album.cue');
    expect(items.every((i) => i.files.every((f) => f.audio !== null))).toBe(true);
  });

  it('refuses an empty or malformed id list', async () => {
    expect((await c.user.post('/api/audio_collection/bulk', { ids: [] })).statusCode).toBe(400);
    expect((await c.user.post('/api/audio_collection/bulk', { ids: ['x'] })).statusCode).toBe(400);
    expect(
      (await new TestClient(c.t.app).post('/api/audio_collection/bulk', { ids: [1] })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/collection/{id}/unlocked', () => {
  it('answers false until the collection is unlocked, then true', async () => {
    const before = await c.user.get(`/api/collection/${ids.paid}/unlocked`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ unlocked: false, transcode: false });
    await c.t.db
      .insertInto('unlocked_collections')
      .values({
        user_id: c.user.userId,
        collection_id: ids.paid,
        transcode: 1,
        created_at: nowIso(),
      })
      .execute();
    expect((await c.user.get(`/api/collection/${ids.paid}/unlocked`)).json()).toEqual({
      unlocked: true,
      transcode: true,
    });
    expect((await collection(ids.paid)).collection.unlockedCollectionUserId).toBe(c.user.userId);
    expect((await c.admin.get(`/api/collection/${ids.paid}/unlocked`)).json()).toMatchObject({
      unlocked: false,
    });
  });

  it('answers 404 for unknown and hidden collections, 401 without a session', async () => {
    expect((await c.user.get('/api/collection/999999/unlocked')).statusCode).toBe(404);
    expect((await c.user.get(`/api/collection/${ids.hidden}/unlocked`)).statusCode).toBe(404);
    expect(
      (await new TestClient(c.t.app).get(`/api/collection/${ids.paid}/unlocked`)).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/collection/{id}/recommendations', () => {
  it('answers related collections first, never the collection itself nor hidden ones', async () => {
    const response = await c.user.get(`/api/collection/${ids.free}/recommendations?count=5`);
    expect(response.statusCode).toBe(200);
    const list = z.array(CollectionSchema).parse(response.json());
    // The single shares the label Sello Azul; the paid album is padding.
    expect(idsOf(list)).toEqual([ids.single, ids.paid]);
    const one = await c.user.get(`/api/collection/${ids.free}/recommendations?count=1`);
    expect(idsOf(one.json())).toEqual([ids.single]);
    const asAdmin = await c.admin.get(`/api/collection/${ids.paid}/recommendations`);
    // Copper Tape is shared with the hidden album, which only an administrator is offered.
    expect(idsOf(asAdmin.json())[0]).toBe(ids.hidden);
    expect(idsOf(asAdmin.json())).not.toContain(ids.paid);
  });

  it('refuses a bad count and unknown collections', async () => {
    for (const count of ['0', '21', 'x']) {
      const response = await c.user.get(
        `/api/collection/${ids.free}/recommendations?count=${count}`,
      );
      expect(response.statusCode).toBe(400);
    }
    expect((await c.user.get('/api/collection/999999/recommendations')).statusCode).toBe(404);
  });
});

describe('POST /api/collection/{id}', () => {
  it('saves name, tags, price, description and visibility, and search follows the name', async () => {
    const response = await c.admin.post(`/api/collection/${ids.single}`, {
      collectionName: 'Quiet Harbour',
      collectionTags: ['Chill', 'Staff Picks'],
      collectionPrice: 250,
      collectionDescription: 'Edited',
      collectionHidden: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(CollectionSchema.parse(response.json())).toMatchObject({
      collectionName: 'Quiet Harbour',
      collectionTags: ['Chill', 'Staff Picks'],
      collectionPrice: 250,
      collectionDescription: 'Edited',
    });
    expect((await collection(ids.single)).collection.collectionName).toBe('Quiet Harbour');
    const search = async (body: object) =>
      idsOf((await c.user.post('/api/audio_collection/search', body)).json<{ data: [] }>().data);
    expect(await search({ query: 'harbour' })).toEqual([ids.single]);
    expect(await search({ tags: ['staff picks'] })).toEqual([ids.single]);
    const free = await c.admin.post(`/api/collection/${ids.single}`, { collectionPrice: null });
    expect(free.json<{ collectionPrice: null }>().collectionPrice).toBeNull();
  });

  it('refuses users and bad input, changing nothing', async () => {
    const before = (await collection(ids.free)).collection;
    expect(
      (await c.user.post(`/api/collection/${ids.free}`, { collectionName: 'Mine' })).statusCode,
    ).toBe(403);
    for (const body of [
      { collectionName: '  ' },
      { collectionPrice: -1 },
      { collectionPrice: 1.5 },
      { collectionTags: 'x' },
    ]) {
      expect((await c.admin.post(`/api/collection/${ids.free}`, body)).statusCode).toBe(400);
    }
    expect((await collection(ids.free)).collection).toEqual(before);
    expect((await c.admin.post('/api/collection/999999', { collectionName: 'X' })).statusCode).toBe(
      404,
    );
    expect((await new TestClient(c.t.app).post(`/api/collection/${ids.free}`, {})).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/audio_collection/{id}', () => {
  it('sets label and release date on every track', async () => {
    const response = await c.admin.post(`/api/audio_collection/${ids.paid}`, {
      audioLabel: 'Brass Reel',
      audioReleaseDate: '2020-02-02',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      audioLabel: 'Brass Reel',
      audioReleaseDate: '2020-02-02',
    });
    const { files } = await collection(ids.paid, c.admin);
    expect(files.every((f) => f.audio?.audioLabel === 'Brass Reel')).toBe(true);
    const found = await c.admin.post('/api/audio_collection/search', { labels: ['Brass Reel'] });
    expect(idsOf(found.json<{ data: [] }>().data)).toEqual([ids.paid]);
  });

  it('names the album artist and the genres of every track, and can give the naming back', async () => {
    const tracksBefore = (await collection(ids.paid, c.admin)).files.map(
      (f) => f.audio?.audioArtists,
    );
    const response = await c.admin.post(`/api/audio_collection/${ids.paid}`, {
      audioAlbumArtist: '  Orquesta Nueva ',
      audioGenres: ['Cumbia', 'cumbia', 'Son  ', 'Hip-Hop', 'hip hop'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = CollectionSchema.parse(response.json());
    expect(edited.collectionArtists.map((a) => a.artistName)).toEqual(['Orquesta Nueva']);
    expect(edited.audioGenres).toEqual(['Cumbia', 'Son', 'Hip-Hop']);
    const { files } = await collection(ids.paid, c.admin);
    expect(files.every((f) => f.audio?.audioGenres.join() === 'Cumbia,Son,Hip-Hop')).toBe(true);
    // The performers of each track stay theirs: only the album is credited anew.
    expect(files.map((f) => f.audio?.audioArtists)).toEqual(tracksBefore);
    // The new artist has a page listing the album, and the genre is a browse filter.
    const page = await c.user.get(`/api/artist/${edited.collectionArtists[0]!.artistId}`);
    expect(page.statusCode).toBe(200);
    expect(idsOf(page.json<{ collections: [] }>().collections)).toEqual([ids.paid]);
    const found = await c.user.post('/api/audio_collection/search', { genres: ['cumbia'] });
    expect(idsOf(found.json<{ data: [] }>().data)).toEqual([ids.paid]);

    // An empty album artist lets the tracks' own artists name the album again.
    const cleared = await c.admin.post(`/api/audio_collection/${ids.paid}`, {
      audioAlbumArtist: '',
      audioGenres: [],
    });
    const back = CollectionSchema.parse(cleared.json());
    expect(back.collectionArtists.map((a) => a.artistName)).not.toContain('Orquesta Nueva');
    expect(back.collectionArtists.length).toBeGreaterThan(0);
    expect(back.audioGenres).toEqual([]);
    const none = await c.user.post('/api/audio_collection/search', { genres: ['cumbia'] });
    expect(idsOf(none.json<{ data: [] }>().data)).toEqual([]);
  });

  it('refuses users and bad dates, changing nothing', async () => {
    const before = (await collection(ids.free)).collection;
    expect(
      (await c.user.post(`/api/audio_collection/${ids.free}`, { audioLabel: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await c.admin.post(`/api/audio_collection/${ids.free}`, { audioReleaseDate: '15/01/2024' }))
        .statusCode,
    ).toBe(400);
    for (const body of [
      { audioGenres: 'Rock' },
      { audioGenres: [''] },
      { audioGenres: ['x'.repeat(65)] },
      { audioGenres: Array.from({ length: 21 }, (_, i) => `g${i}`) },
      { audioAlbumArtist: 'x'.repeat(301) },
    ]) {
      expect((await c.admin.post(`/api/audio_collection/${ids.free}`, body)).statusCode).toBe(400);
    }
    expect((await collection(ids.free)).collection).toEqual(before);
  });
});
