import { describe, expect, it } from 'vitest';
import { ArtistPageSchema, ArtistSearchAnswerSchema } from '../../domain/artist';
import { CollectionWithFilesSchema } from '../../domain/collection';
import { TestClient } from '../helpers/client';
import { errorOf, memberWithRole, perFile, setUpLibrary, withMember } from '../helpers/setup';

const s = perFile(async () => withMember(await setUpLibrary()));

/** The artist id the collection page links its album artist to. */
async function albumArtistOf(client: TestClient, collectionId: number) {
  const response = await client.get(`/api/audio_collection/${collectionId}`);
  expect(response.statusCode).toBe(200);
  const page = CollectionWithFilesSchema.parse(response.json());
  return { page, artist: page.collection.collectionArtists[0]! };
}

describe('GET /api/artist/{id}', () => {
  it('lists the collections and most played tracks of an artist the tracks link to', async () => {
    const { page, artist } = await albumArtistOf(s.user, s.fx.ids.free);
    expect(artist.artistName).toBe('Ana Ruiz');
    // Every track credits the same artist entity, in the same order as its names.
    for (const { audio } of page.files.filter((f) => f.audio !== null))
      expect(audio!.audioArtistRefs).toEqual([artist]);
    // Plays make the top list's order.
    const [first, second] = page.files.map((f) => f.file.fileId);
    for (let i = 0; i < 2; i += 1) await s.user.get(`/downloader/file/${second}?playback=true`);
    const response = await s.user.get(`/api/artist/${artist.artistId}`);
    expect(response.statusCode).toBe(200);
    const answer = ArtistPageSchema.parse(response.json());
    expect(answer.artist).toMatchObject({ artistId: artist.artistId, artistName: 'Ana Ruiz' });
    expect(answer.collections.map((c) => c.collectionId)).toEqual([s.fx.ids.free]);
    expect(answer.topTracks.map((t) => t.entry.file.fileId)).toEqual([second, first]);
    expect(answer.topTracks[0]!.collection.collectionId).toBe(s.fx.ids.free);
  });

  it('answers 404 for an artist known only from music the caller may not see', async () => {
    const admin = await albumArtistOf(s.admin, s.fx.ids.hidden);
    expect(admin.artist.artistName).toBe('Dax Okoro');
    expect((await s.admin.get(`/api/artist/${admin.artist.artistId}`)).statusCode).toBe(200);
    const hidden = await s.user.get(`/api/artist/${admin.artist.artistId}`);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden)).toBe('Artist not found');
    expect((await s.user.get('/api/artist/999999')).statusCode).toBe(404);
  });

  it('leaves out collections whose tag the role blacklists, and needs the browse right', async () => {
    const { artist } = await albumArtistOf(s.admin, s.fx.ids.single);
    const blacklisted = await memberWithRole(s.t, { blacklisted_tags: '["chill"]' });
    expect((await blacklisted.get(`/api/artist/${artist.artistId}`)).statusCode).toBe(404);
    const noBrowse = await memberWithRole(s.t, { enable_browse: 0 });
    expect((await noBrowse.get(`/api/artist/${artist.artistId}`)).statusCode).toBe(403);
    expect((await new TestClient(s.t.app).get(`/api/artist/${artist.artistId}`)).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/artists', () => {
  const search = async (client: TestClient, query: string) => {
    const response = await client.get(`/api/artists?query=${encodeURIComponent(query)}`);
    expect(response.statusCode).toBe(200);
    return ArtistSearchAnswerSchema.parse(response.json()).artists.map((a) => a.artistName);
  };

  it('finds artists by a prefix of any word, folded like collection search', async () => {
    expect(await search(s.user, 'bjork')).toEqual(['Björk Test']);
    expect(await search(s.user, 'RUI')).toEqual(['Ana Ruiz']);
    expect(await search(s.user, 'ana ruiz')).toEqual(['Ana Ruiz']);
    expect(await search(s.user, 'zzz')).toEqual([]);
  });

  it('does not name an artist of hidden music to a member', async () => {
    expect(await search(s.user, 'okoro')).toEqual([]);
    expect(await search(s.admin, 'okoro')).toEqual(['Dax Okoro']);
  });

  it('refuses an empty or oversized query with a 400', async () => {
    expect((await s.user.get('/api/artists?query=')).statusCode).toBe(400);
    expect((await s.user.get(`/api/artists?query=${'a'.repeat(201)}`)).statusCode).toBe(400);
    expect((await s.user.get('/api/artists?query=a&limit=51')).statusCode).toBe(400);
  });
});
