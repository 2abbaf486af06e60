import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SubsonicAPI from 'subsonic-api';
import { SearchResponseSchema } from '../../domain/collection';
import type { TestClient } from '../helpers/client';
import { memberWithRole, signInAdmin } from '../helpers/setup';
import { createAppPassword } from '../helpers/subsonic';
import { createPgDatabase, createTestApp, type TestApp } from '../helpers/test-app';
import { SECRET_TAG, writeParityCatalogue } from './parity-catalogue';

/*
 * The same catalogue (parity-catalogue.ts) on SQLite and on PostgreSQL, whatever TEST_DB says:
 * every search, filter, artist index and genre list must answer the same on both. Ranked text
 * results are compared as sets (SQLite ranks by bm25, PostgreSQL by name prefix and date;
 * decision 0010); everything ordered by a key (no query, filters, indexes) in order.
 */

interface Side {
  t: TestApp;
  admin: TestClient;
  secretive: TestClient;
  names: Map<number, string>;
  api: { admin: SubsonicAPI; secretive: SubsonicAPI };
}

const sides: Side[] = [];
let dropPg: (() => Promise<void>) | null = null;

async function side(env: Record<string, string>): Promise<Side> {
  const t = await createTestApp({ env });
  const ids = await writeParityCatalogue(t);
  const rows = await t.db.selectFrom('collections').select(['collection_id', 'name']).execute();
  const names = new Map(rows.map((r) => [Number(r.collection_id), r.name]));
  expect(ids.length).toBe(60);
  const admin = await signInAdmin(t);
  const secretive = await memberWithRole(t, { blacklisted_tags: JSON.stringify(['secret']) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const subsonic = async (client: TestClient) =>
    new SubsonicAPI({ url, auth: { apiKey: await createAppPassword(client) } });
  return {
    t,
    admin,
    secretive,
    names,
    api: { admin: await subsonic(admin), secretive: await subsonic(secretive) },
  };
}

beforeAll(async () => {
  const pg = await createPgDatabase('musicbox_parity');
  dropPg = pg.drop;
  sides.push(await side({ DATABASE_URL: '' }), await side({ DATABASE_URL: pg.url }));
  expect(sides.map((s) => s.t.config.database.kind)).toEqual(['sqlite', 'postgres']);
}, 120_000);

afterAll(async () => {
  for (const s of sides) await s.t.close();
  await dropPg?.();
});

type Who = 'admin' | 'secretive';

async function searchOn(s: Side, who: Who, body: Record<string, unknown>, ranked: boolean) {
  const response = await s[who].post('/api/audio_collection/search', { limit: 200, ...body });
  expect(response.statusCode, response.body).toBe(200);
  const answer = SearchResponseSchema.parse(response.json());
  const names = answer.data.map((c) => s.names.get(c.collectionId)!);
  return { names: ranked ? names.sort() : names, artists: answer.artists, labels: answer.labels };
}

const QUERIES = [
  'night',
  'nig',
  'n',
  'NIGHT HAR',
  'bjork',
  'björk',
  'BJÖRK',
  'sorensen',
  'sørensen',
  '東京',
  '東',
  'tokyo',
  '🌙',
  'moon',
  'rock roll',
  'rock & roll',
  'a-ha',
  'aha',
  'deja',
  'déjà vu',
  'uber',
  'über',
  'strasse',
  'straße',
  'ночь',
  'русская',
  'ελληνικά',
  'ac dc',
  'acdc',
  'the beatles',
  'naive',
  'istanbul',
  'lodz',
  'œuvre',
  'oeuvre',
  '!!!',
  'zz',
  'sello',
  'ça',
  'エイベックス',
  'zürich 1',
  'ryuichi',
  '坂本',
  'qqq',
  'night 1',
  'hip hop',
];

const FILTERS: Array<Record<string, unknown>> = [
  { query: '' },
  { query: '', offset: 7, limit: 9 },
  { genres: ['hip hop'] },
  { genres: ['HIP-HOP', 'Électronique'] },
  { genres: ['electronique'] },
  { genres: ['民謡'] },
  { tags: ['live'] },
  { labels: ['ça va records'] },
  { labels: ['エイベックス'] },
  { artists: ['bjork'] },
  { artists: ['AC/DC', '坂本龍一'] },
  { dateFrom: '2000-01-01', dateTo: '2009-12-31' },
  { bpmFrom: 100, bpmTo: 120 },
  { genres: ['rock'], bpmFrom: 90, bpmTo: 140, dateFrom: '1995-01-01' },
];

describe('search answers the same on SQLite and PostgreSQL', () => {
  for (const who of ['admin', 'secretive'] as const) {
    it(`text queries, as ${who}`, async () => {
      for (const query of QUERIES) {
        const [lite, pg] = await Promise.all(sides.map((s) => searchOn(s, who, { query }, true)));
        expect(pg, `query ${JSON.stringify(query)}`).toEqual(lite);
      }
    });

    it(`filters and the empty query, in order, as ${who}`, async () => {
      for (const filter of FILTERS) {
        const [lite, pg] = await Promise.all(sides.map((s) => searchOn(s, who, filter, false)));
        expect(pg, JSON.stringify(filter)).toEqual(lite);
      }
    });

    it(`text queries with filters, as ${who}`, async () => {
      for (const query of ['night', 'n', 'björk', '東京'])
        for (const filter of FILTERS.slice(2)) {
          const body = { ...filter, query };
          const [lite, pg] = await Promise.all(sides.map((s) => searchOn(s, who, body, true)));
          expect(pg, JSON.stringify(body)).toEqual(lite);
        }
    });
  }

  it('hides the blacklisted tag on both', async () => {
    for (const s of sides) {
      const all = await searchOn(s, 'admin', { query: '' }, true);
      const seen = await searchOn(s, 'secretive', { query: '' }, true);
      expect(seen.names.length).toBeLessThan(all.names.length);
      const tagged = await searchOn(s, 'admin', { tags: [SECRET_TAG] }, true);
      expect(seen.names.filter((n) => tagged.names.includes(n))).toEqual([]);
    }
  });
});

describe('Subsonic indexes and search3 answer the same on SQLite and PostgreSQL', () => {
  const artistIndex = async (api: SubsonicAPI) =>
    ((await api.getArtists()).artists.index ?? []).map((i) => [
      i.name,
      (i.artist ?? []).map((a) => `${a.name}:${a.albumCount}`),
    ]);
  const indexes = async (api: SubsonicAPI) =>
    ((await api.getIndexes()).indexes.index ?? []).map((i) => [
      i.name,
      (i.artist ?? []).map((a) => a.name),
    ]);
  const genres = async (api: SubsonicAPI) =>
    ((await api.getGenres()).genres.genre ?? []).map(
      (g) => `${g.value}:${g.albumCount}:${g.songCount}`,
    );
  const search3 = async (api: SubsonicAPI, query: string) => {
    const found = (await api.search3({ query, albumCount: 100, songCount: 300, artistCount: 100 }))
      .searchResult3;
    return {
      albums: (found.album ?? []).map((a) => a.name).sort(),
      songs: (found.song ?? []).map((song) => `${song.album}/${song.title}`).sort(),
      artists: (found.artist ?? []).map((a) => a.name).sort(),
    };
  };

  for (const who of ['admin', 'secretive'] as const) {
    it(`getArtists, getIndexes and getGenres, as ${who}`, async () => {
      const [lite, pg] = sides.map((s) => s.api[who]);
      expect(await artistIndex(pg!)).toEqual(await artistIndex(lite!));
      expect(await indexes(pg!)).toEqual(await indexes(lite!));
      expect(await genres(pg!)).toEqual(await genres(lite!));
    });

    it(`search3 text queries and the sync pages, as ${who}`, async () => {
      const [lite, pg] = sides.map((s) => s.api[who]);
      for (const query of ['night', 'bjork', '東京', 'n', 'über', '""'])
        expect(await search3(pg!, query), query).toEqual(await search3(lite!, query));
      for (const offset of [0, 20, 40]) {
        const page = async (api: SubsonicAPI) =>
          (
            await api.search3({
              query: '',
              albumCount: 20,
              albumOffset: offset,
              songCount: 0,
              artistCount: 0,
            })
          ).searchResult3.album?.map((a) => a.name);
        expect(await page(pg!), `albums at ${offset}`).toEqual(await page(lite!));
      }
    });
  }
});
