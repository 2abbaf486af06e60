import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SmartPlaylistSchema } from '../../domain/smart-playlist';
import { TestClient } from '../helpers/client';
import {
  errorOf,
  memberWithApiRole,
  perFile,
  registerMember,
  setUpLibrary,
  withMember,
  type Member,
} from '../helpers/setup';
import { createSmart, insertListens, isoDaysAgo, readSmart } from './smart-helpers';

const c = perFile(async () => withMember(await setUpLibrary()));
const VISIBLE = ['Espuma', 'Gear', 'Ola', 'Piston', 'Room Tone'];
let other: Member;

const titles = async (client: TestClient, id: number) =>
  (await readSmart(client, id)).entries.map((e) => e.audio.audioTitle).sort();
const list = async (client: TestClient) => {
  const response = await client.get('/api/smart_playlist');
  expect(response.statusCode, response.body).toBe(200);
  return z.array(SmartPlaylistSchema).parse(response.json());
};

beforeAll(async () => {
  other = await registerMember(c.t, 'other');
});

describe('visibility is always the viewer’s', () => {
  it('a hidden collection shows to administrators only', async () => {
    const id = await createSmart(c.admin, { rules: [], public: true });
    expect(await titles(c.admin, id)).toEqual(['Demo One', ...VISIBLE].sort());
    expect(await titles(c.user, id)).toEqual(VISIBLE);
  });

  it('a blacklisted tag hides its collection in a public smart playlist', async () => {
    const id = await createSmart(c.user, { rules: [], public: true });
    const noClub = await memberWithApiRole(c, 'noclub', { roleBlacklistedTags: ['club'] });
    expect(await titles(noClub, id)).toEqual(['Espuma', 'Ola', 'Room Tone']);
  });

  it('a library the role lacks is left out', async () => {
    const library = await c.t.db
      .insertInto('libraries')
      .values({
        name: 'Elsewhere',
        path: '/tmp/elsewhere',
        created_at: isoDaysAgo(0),
        removed_at: null,
      })
      .returning('library_id')
      .executeTakeFirstOrThrow();
    await c.t.db
      .updateTable('collections')
      .set({ library_id: Number(library.library_id) })
      .where('collection_id', '=', c.fx.ids.single)
      .execute();
    const homebody = await memberWithApiRole(c, 'homebody', { roleLibraries: [] });
    const id = await createSmart(c.user, {
      rules: [{ field: 'genre', op: 'is', value: 'Ambient' }],
      public: true,
    });
    expect(await titles(c.user, id)).toEqual(['Room Tone']);
    expect(await titles(homebody, id)).toEqual([]);
    await c.t.db
      .updateTable('collections')
      .set({ library_id: null })
      .where('collection_id', '=', c.fx.ids.single)
      .execute();
  });

  it("a public one reads the owner's plays, through the viewer's visibility", async () => {
    await insertListens(c.t, other.userId, 'Gear', [isoDaysAgo(1)]);
    await insertListens(c.t, other.userId, 'Ola', [isoDaysAgo(1)]);
    const id = await createSmart(other, {
      rules: [{ field: 'playCount', op: 'gt', value: 0 }],
      public: true,
    });
    expect(await titles(other, id)).toEqual(['Gear', 'Ola']);
    expect(await titles(c.user, id)).toEqual(['Gear', 'Ola']);
    const noClub = await memberWithApiRole(c, 'noclub2', { roleBlacklistedTags: ['Club'] });
    expect(await titles(noClub, id)).toEqual(['Ola']);
  });

  it('is computed when asked: a new play shows at once', async () => {
    const id = await createSmart(c.user, {
      rules: [{ field: 'lastPlayed', op: 'inLast', value: 1 }],
    });
    expect(await titles(c.user, id)).toEqual([]);
    await insertListens(c.t, c.user.userId, 'Espuma', [isoDaysAgo(0)]);
    expect(await titles(c.user, id)).toEqual(['Espuma']);
  });
});

describe('who may read, change and delete', () => {
  it("another user's private one is 404; a public one is listed, readable, not changeable", async () => {
    const hidden = await createSmart(other, { name: 'Private', rules: [] });
    const shared = await createSmart(other, { name: 'Shared', rules: [], public: true });
    expect((await c.user.get(`/api/smart_playlist/${hidden}`)).statusCode).toBe(404);
    const names = (await list(c.user)).map((p) => p.name);
    expect(names).toContain('Shared');
    expect(names).not.toContain('Private');
    const edit = await c.user.post(`/api/smart_playlist/${shared}`, {
      name: 'Mine',
      match: 'all',
      rules: [],
    });
    expect(edit.statusCode).toBe(403);
    expect((await c.user.delete(`/api/smart_playlist/${shared}`)).statusCode).toBe(403);
    expect((await c.user.delete(`/api/smart_playlist/${hidden}`)).statusCode).toBe(404);
    expect((await list(c.user)).find((p) => p.name === 'Shared')).toMatchObject({
      mayChange: false,
      userName: 'other',
    });
  });

  it('the owner edits and deletes; an administrator may too', async () => {
    const id = await createSmart(c.user, { name: 'Before', rules: [] });
    const edited = await c.user.post(`/api/smart_playlist/${id}`, {
      name: 'After',
      match: 'any',
      rules: [{ field: 'title', op: 'is', value: 'Ola' }],
      limit: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await readSmart(c.user, id)).toMatchObject({
      name: 'After',
      match: 'any',
      limit: 3,
      mayChange: true,
    });
    expect(await titles(c.user, id)).toEqual(['Ola']);
    const byAdmin = await c.admin.post(`/api/smart_playlist/${id}`, {
      name: 'Admin',
      match: 'all',
      rules: [],
    });
    expect(byAdmin.statusCode).toBe(200);
    expect((await c.admin.delete(`/api/smart_playlist/${id}`)).statusCode).toBe(200);
    expect((await c.user.get(`/api/smart_playlist/${id}`)).statusCode).toBe(404);
  });

  it('answers 401 signed out and 403 without browsing', async () => {
    expect((await new TestClient(c.t.app).get('/api/smart_playlist')).statusCode).toBe(401);
    const noBrowse = await memberWithApiRole(c, 'nobrowse', { roleEnableBrowse: false });
    expect(
      (await noBrowse.put('/api/smart_playlist', { name: 'x', match: 'all', rules: [] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('bad rules are refused with a message naming the rule, and nothing is stored', () => {
  const refused = async (body: unknown, message: string) => {
    const before = (await list(c.user)).length;
    const response = await c.user.put('/api/smart_playlist', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toBe(message);
    expect((await list(c.user)).length).toBe(before);
  };
  const ok = { field: 'title', op: 'is', value: 'x' };

  it('unknown field, wrong operator, wrong value', async () => {
    await refused(
      { name: 'x', match: 'all', rules: [{ field: 'colour', op: 'is', value: 'red' }] },
      "Rule 1: unknown field 'colour'",
    );
    await refused(
      { name: 'x', match: 'all', rules: [ok, ok, { field: 'title', op: 'gt', value: 3 }] },
      "Rule 3: 'greater than' does not fit title",
    );
    await refused(
      { name: 'x', match: 'all', rules: [{ field: 'playCount', op: 'gt', value: 'many' }] },
      'Rule 1: play count greater than needs a number',
    );
    await refused(
      { name: 'x', match: 'all', rules: [{ field: 'year', op: 'between', value: [2000] }] },
      'Rule 1: year between needs two values',
    );
    await refused(
      { name: 'x', match: 'all', rules: [{ field: 'lastPlayed', op: 'inLast', value: 0 }] },
      'Rule 1: last played in the last N days needs a whole number of days from 1 to 36500',
    );
    await refused(
      { name: 'x', match: 'all', rules: [{ field: 'liked', op: 'isTrue', value: 'yes' }] },
      'Rule 1: liked is true takes no value',
    );
    await refused(
      {
        name: 'x',
        match: 'all',
        rules: [{ field: 'title', op: 'contains', value: 'a'.repeat(201) }],
      },
      'Rule 1: title contains takes at most 200 characters',
    );
    await refused(
      { name: 'x', match: 'all', rules: [{ field: 'releaseDate', op: 'is', value: '15/01/2024' }] },
      'Rule 1: release date is needs a date (YYYY-MM-DD)',
    );
    await refused(
      { name: 'x', match: 'all', rules: [{ field: 'title', op: 'sounds like', value: 'x' }] },
      "Rule 1: unknown operator 'sounds like'",
    );
  });

  it('more than 50 rules, bad limit, name, sort', async () => {
    await refused(
      { name: 'x', match: 'all', rules: Array(51).fill(ok) },
      'rules: At most 50 rules',
    );
    await refused({ name: 'x', match: 'all', rules: [], limit: 0 }, 'limit: limit is at least 1');
    await refused(
      { name: 'x', match: 'all', rules: [], limit: 5001 },
      'limit: limit is at most 5000',
    );
    await refused({ name: ' ', match: 'all', rules: [] }, 'name: name is required');
    await refused({ name: 'x', match: 'some', rules: [] }, "match: match is 'all' or 'any'");
    await refused(
      { name: 'x', match: 'all', rules: [], sort: { field: 'liked', order: 'asc' } },
      'sort.field: sort.field is not a sortable field',
    );
  });

  it('an edit with a bad rule changes nothing', async () => {
    const id = await createSmart(c.user, { name: 'Keep', rules: [ok] });
    const response = await c.user.post(`/api/smart_playlist/${id}`, {
      name: 'Changed',
      match: 'all',
      rules: [{ field: 'bpm', op: 'contains', value: '1' }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe("Rule 1: 'contains' does not fit BPM");
    expect(await readSmart(c.user, id)).toMatchObject({ name: 'Keep', rules: [ok] });
  });
});
