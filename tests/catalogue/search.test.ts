import { beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema, type SearchFilter } from '../../domain/collection';
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

async function search(filter: SearchFilter, client: TestClient = c.user) {
  const response = await client.post('/api/audio_collection/search', filter);
  expect(response.statusCode, response.body).toBe(200);
  return SearchResponseSchema.parse(response.json());
}
const found = async (filter: SearchFilter, client?: TestClient) =>
  idsOf((await search(filter, client)).data).sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

describe('POST /api/audio_collection/search', () => {
  it('answers data, artists and labels for an empty query, newest first', async () => {
    const body = await search({ query: '', offset: 0, limit: 50 });
    expect(sorted(...idsOf(body.data))).toEqual(sorted(ids.free, ids.paid, ids.single));
    const added = body.data.map(
      (d) => `${d.collectionAdded}#${String(d.collectionId).padStart(9, '0')}`,
    );
    expect(added).toEqual([...added].sort().reverse());
    expect(body.artists).toEqual(['Ana Ruiz', 'Björk Test', 'Mira Vale']);
    expect(body.labels).toEqual(['Copper Tape', 'Sello Azul']);
  });

  it('matches a word of the name, case-insensitively', async () => {
    expect(await found({ query: 'MAREAS' })).toEqual([ids.free]);
  });

  it('matches artists without their accents', async () => {
    expect(await found({ query: 'bjork' })).toEqual([ids.paid]);
    expect(await found({ query: 'Björk' })).toEqual([ids.paid]);
  });

  it('matches track titles and labels', async () => {
    expect(await found({ query: 'piston' })).toEqual([ids.paid]);
    expect(await found({ query: 'sello' })).toEqual(sorted(ids.free, ids.single));
  });

  it('matches the beginning of a word while typing', async () => {
    expect(await found({ query: 'nigh' })).toEqual([ids.paid]);
    expect(await found({ query: 'nigh wor' })).toEqual([ids.paid]);
  });

  it('needs every word to match and finds nothing for a nonsense word', async () => {
    expect(await found({ query: 'night ola' })).toEqual([]);
    expect(await found({ query: 'qwzxv' })).toEqual([]);
  });

  it('ranks a name match above a track-title match', async () => {
    // "Room Tone" is the single's name and its only track; "tone" appears nowhere else.
    const body = await search({ query: 'room' });
    expect(idsOf(body.data)[0]).toBe(ids.single);
  });

  it('puts name, artist and label matches before track-title matches, across pages', async () => {
    // After the rename "ola" names the single and is only a track title of the free album.
    const renamed = await c.admin.post(`/api/collection/${ids.single}`, {
      collectionName: 'Ola Sessions',
    });
    expect(renamed.statusCode).toBe(200);
    try {
      const both = await search({ query: 'ola' });
      expect(idsOf(both.data)).toEqual([ids.single, ids.free]);
      expect(both.artists).toEqual(['Ana Ruiz', 'Mira Vale']);
      expect(idsOf((await search({ query: 'ola', offset: 1, limit: 1 })).data)).toEqual([ids.free]);
      expect(idsOf((await search({ query: 'ola', offset: 2, limit: 1 })).data)).toEqual([]);
    } finally {
      await c.admin.post(`/api/collection/${ids.single}`, { collectionName: 'Room Tone' });
    }
  });

  it('filters by release date range', async () => {
    expect(await found({ dateFrom: '2023-01-01', dateTo: '2023-12-31' })).toEqual([ids.paid]);
    expect(await found({ dateFrom: '1900-01-01', dateTo: '2022-12-31' })).toEqual([ids.single]);
    expect(await found({ dateFrom: '2026-01-01' })).toEqual([]);
  });

  it('filters by BPM range, bounds included', async () => {
    expect(await found({ bpmFrom: 122, bpmTo: 122 })).toEqual([ids.free]);
    expect(await found({ bpmFrom: 200, bpmTo: 300 })).toEqual([]);
  });

  it('filters by genres and tags, any of a list', async () => {
    expect(await found({ genres: ['house'] })).toEqual([ids.free]);
    expect(await found({ genres: ['House', 'Ambient'] })).toEqual(sorted(ids.free, ids.single));
    expect(await found({ tags: ['Chill'] })).toEqual([ids.single]);
    for (const collection of (await search({ tags: ['Featured'] })).data) {
      expect(collection.collectionTags).toContain('Featured');
    }
  });

  it('filters by labels and artists', async () => {
    const byLabel = await search({ labels: ['Sello Azul'] });
    expect(sorted(...idsOf(byLabel.data))).toEqual(sorted(ids.free, ids.single));
    for (const collection of byLabel.data) expect(collection.audioLabel).toBe('Sello Azul');
    expect(await found({ artists: ['Björk Test'] })).toEqual([ids.paid]);
    expect(await found({ artists: ['bjork test'] })).toEqual([ids.paid]);
  });

  it('combines filters and the query with AND', async () => {
    expect(await found({ labels: ['Sello Azul'], bpmFrom: 100, bpmTo: 130 })).toEqual([ids.free]);
    expect(await found({ query: 'sello', genres: ['House'] })).toEqual([ids.free]);
    expect(await found({ query: 'sello', genres: ['Techno'] })).toEqual([]);
    expect(
      await found({
        genres: ['House'],
        dateFrom: '2024-01-01',
        dateTo: '2024-12-31',
        bpmFrom: 120,
      }),
    ).toEqual([ids.free]);
    expect(await found({ genres: ['Ambient'], dateFrom: '2023-01-01' })).toEqual([]);
  });

  it('pages with offset and limit without overlap', async () => {
    const pages = [];
    for (let offset = 0; offset < 4; offset += 1) {
      const body = await search({ offset, limit: 1 });
      expect(body.data.length).toBeLessThanOrEqual(1);
      // The filter lists describe every match, not only the page.
      expect(body.artists).toHaveLength(3);
      pages.push(...idsOf(body.data));
    }
    expect(sorted(...pages)).toEqual(sorted(ids.free, ids.paid, ids.single));
  });

  it('lists only the artists and labels of the matching collections', async () => {
    const body = await search({ query: 'mareas' });
    expect(body.artists).toEqual(['Ana Ruiz']);
    expect(body.labels).toEqual(['Sello Azul']);
    const filtered = await search({ genres: ['Techno'] });
    expect(filtered.artists).toEqual(['Björk Test']);
  });

  it('shows hidden collections to administrators only', async () => {
    expect(await found({ query: 'demos' })).toEqual([]);
    expect(await found({ query: 'demos' }, c.admin)).toEqual([ids.hidden]);
    expect(await found({}, c.admin)).toContain(ids.hidden);
    expect((await search({}, c.admin)).artists).toContain('Dax Okoro');
    expect((await search({})).artists).not.toContain('Dax Okoro');
  });

  it('hides collections whose tags the role blacklists', async () => {
    const picky = await memberWithApiRole(c, 'picky', { roleBlacklistedTags: ['club'] });
    expect(await found({}, picky)).toEqual(sorted(ids.free, ids.single));
    expect(await found({ query: 'bjork' }, picky)).toEqual([]);
    expect((await search({}, picky)).artists).not.toContain('Björk Test');
    expect(await found({ query: 'bjork' }, c.admin)).toEqual([ids.paid]);
  });

  it('refuses anonymous callers, roles without browsing and bad filters', async () => {
    const anonymous = new TestClient(c.t.app);
    expect((await anonymous.post('/api/audio_collection/search', {})).statusCode).toBe(401);
    const listener = await memberWithApiRole(c, 'listener', { roleEnableBrowse: false });
    expect((await listener.post('/api/audio_collection/search', {})).statusCode).toBe(403);
    for (const body of [{ limit: 0 }, { offset: -1 }, { dateFrom: 'yesterday' }, { genres: 'x' }]) {
      const response = await c.user.post('/api/audio_collection/search', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
  });
});
