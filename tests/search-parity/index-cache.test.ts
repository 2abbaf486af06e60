import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../helpers/client';
import { memberWithRole, registerMember, signInAdmin } from '../helpers/setup';
import { createAppPassword } from '../helpers/subsonic';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { SECRET_TAG, writeParityCatalogue } from './parity-catalogue';

/*
 * getArtists, getIndexes and getGenres are cached per visibility rule and library version
 * (catalogue/library-index-cache.ts, migration 0032): a caller never gets an answer made for
 * a rule that sees more, and a change to the library shows at once, through either of two
 * app servers on one database.
 */

let t: TestApp;
let other: FastifyInstance;
let admin: TestClient;
let ids: number[];
const keys: Record<'admin' | 'member' | 'secretive', string> = {
  admin: '',
  member: '',
  secretive: '',
};

beforeAll(async () => {
  t = await createTestApp();
  ids = await writeParityCatalogue(t, 24);
  other = await t.rebuild();
  admin = await signInAdmin(t);
  keys.admin = await createAppPassword(admin);
  keys.member = await createAppPassword(await registerMember(t, 'plain'));
  const secretive = await memberWithRole(t, { blacklisted_tags: JSON.stringify(['secret']) });
  keys.secretive = await createAppPassword(secretive);
}, 120_000);

afterAll(() => t.close());

async function rest<T>(who: keyof typeof keys, call: string, app = t.app): Promise<T> {
  const response = await app.inject({
    method: 'GET',
    url: `/rest/${call}?apiKey=${keys[who]}&f=json&v=1.16.1&c=parity`,
  });
  const body = response.json<{ 'subsonic-response': Record<string, unknown> }>();
  expect(body['subsonic-response'].status, response.body).toBe('ok');
  return body['subsonic-response'] as T;
}

type Index = { index?: Array<{ artist?: Array<{ name: string; albumCount: number }> }> };
const artistsOf = async (who: keyof typeof keys, app?: FastifyInstance) =>
  (await rest<{ artists: Index }>(who, 'getArtists', app)).artists.index!.flatMap((i) =>
    i.artist!.map((a) => `${a.name}:${a.albumCount}`),
  );
const indexOf = async (who: keyof typeof keys, app?: FastifyInstance) =>
  (await rest<{ indexes: Index }>(who, 'getIndexes', app)).indexes.index!.flatMap((i) =>
    i.artist!.map((a) => a.name),
  );
const genresOf = async (who: keyof typeof keys, app?: FastifyInstance) =>
  (
    await rest<{ genres: { genre?: Array<{ value: string; albumCount: number }> } }>(
      who,
      'getGenres',
      app,
    )
  ).genres.genre!.map((g) => `${g.value}:${g.albumCount}`);

const edit = async (id: number, body: Record<string, unknown>) => {
  const response = await admin.post(`/api/collection/${id}`, body);
  expect(response.statusCode, response.body).toBe(200);
};

describe('the artist and genre index cache', () => {
  it('never gives a blacklisted-tag caller an answer made for another rule', async () => {
    // Warm the cache for the administrator and a plain member first.
    const everything = await artistsOf('admin');
    const member = await artistsOf('member');
    const memberGenres = await genresOf('member');
    const secretive = await artistsOf('secretive');
    expect(secretive).not.toEqual(member);
    expect(await genresOf('secretive')).not.toEqual(memberGenres);
    expect(await indexOf('secretive')).toEqual(secretive.map((a) => a.split(':')[0]));
    // And the other way round: the member is not given the narrower answer either.
    expect(await artistsOf('member')).toEqual(member);
    expect(member).not.toEqual(everything);
  });

  it('shows a change to the library at once, on both app servers', async () => {
    const before = await artistsOf('secretive');
    expect(await artistsOf('secretive', other)).toEqual(before);
    const genresBefore = await genresOf('member', other);
    // The first collection carries the secret tag (parity-catalogue.ts): open it up.
    await edit(ids[0]!, { collectionTags: ['Open'] });
    const after = await artistsOf('secretive');
    expect(after).not.toEqual(before);
    expect(await artistsOf('secretive', other)).toEqual(after);
    // Hiding a collection changes the members' counts on the other server too.
    await edit(ids[1]!, { collectionHidden: true });
    expect(await genresOf('member', other)).not.toEqual(genresBefore);
    expect(await genresOf('member')).toEqual(await genresOf('member', other));
    await edit(ids[1]!, { collectionHidden: false });
    expect(await genresOf('member', other)).toEqual(genresBefore);
    await edit(ids[0]!, { collectionTags: [SECRET_TAG] });
    expect(await artistsOf('secretive', other)).toEqual(before);
  });

  it('moves the library version with catalogue writes, not with plays', async () => {
    const version = async () =>
      Number(
        (
          await t.db
            .selectFrom('library_version' as never)
            .select('version' as never)
            .executeTakeFirstOrThrow()
        ).version,
      );
    const start = await version();
    await t.db
      .updateTable('collections')
      .set({ play_count: 7 })
      .where('collection_id', '=', ids[2]!)
      .execute();
    expect(await version()).toBe(start);
    await edit(ids[2]!, { collectionHidden: true });
    expect(await version()).toBeGreaterThan(start);
    await edit(ids[2]!, { collectionHidden: false });
  });
});
