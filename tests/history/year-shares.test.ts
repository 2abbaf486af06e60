import { describe, expect, it } from 'vitest';
import {
  CreatedYearShareSchema,
  YearFiguresSchema,
  YearShareListSchema,
  YEAR_SHARES_PER_USER,
} from '../../domain/history';
import { TestClient } from '../helpers/client';
import { memberWithRole, perFile } from '../helpers/setup';
import { insertListens, setUpHistory, statsOf } from './history-setup';

/** Year share links (issue 48): the figures and top lists for anyone, nothing private. */
const s = perFile(async () => {
  const setup = await setUpHistory();
  const sharer = await setup.newMember('yearsharer');
  await insertListens(setup, sharer.userId, [
    {
      fileId: setup.files.ola,
      collectionId: setup.fx.ids.free,
      playedAt: '2025-05-01T10:00:00.000Z',
    },
    {
      fileId: setup.files.ola,
      collectionId: setup.fx.ids.free,
      playedAt: '2025-05-02T10:00:00.000Z',
    },
    {
      fileId: setup.files.room,
      collectionId: setup.fx.ids.single,
      playedAt: '2025-06-01T10:00:00.000Z',
    },
  ]);
  return { ...setup, sharer };
});

async function share(client: TestClient, year: number) {
  const response = await client.post('/api/user/year-shares', { year });
  expect(response.statusCode, response.body).toBe(200);
  return CreatedYearShareSchema.parse(response.json());
}

describe('year share links', () => {
  it('opens without a session and shows the figures, not who or when', async () => {
    const created = await share(s.sharer, 2025);
    expect(created.url).toBe(`http://musicbox.test/year-share/${created.token}`);
    const anonymous = new TestClient(s.t.app);
    const response = await anonymous.get(`/api/year-share/${created.token}`);
    expect(response.statusCode, response.body).toBe(200);
    const figures = YearFiguresSchema.parse(response.json());
    expect(Object.keys(response.json<object>()).sort()).toEqual(
      Object.keys(YearFiguresSchema.shape).sort(),
    );
    expect(response.body).not.toContain('yearsharer');
    expect(response.body).not.toContain('2025-05-01T');
    const own = await statsOf(s.sharer, 2025);
    expect(figures).toEqual({
      year: 2025,
      plays: own.plays,
      minutes: own.minutes,
      topArtists: own.topArtists,
      topCollections: own.topCollections,
      topTracks: own.topTracks,
      topGenres: own.topGenres,
      byMonth: own.byMonth,
    });
    expect(figures.plays).toBe(3);
    // Only the hash is kept.
    const stored = await s.t.db.selectFrom('year_shares').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(created.token);
  });

  it('lists the caller’s links; only the sharer revokes, then it opens no more', async () => {
    const created = await share(s.sharer, 2025);
    const listed = YearShareListSchema.parse((await s.sharer.get('/api/user/year-shares')).json());
    expect(listed.map((l) => l.yearShareId)).toContain(created.yearShareId);
    const other = await s.newMember('notthesharer');
    expect((await other.get('/api/user/year-shares')).json()).toEqual([]);
    const foreign = await other.delete(`/api/user/year-shares/${created.yearShareId}`);
    expect(foreign.statusCode).toBe(404);
    expect((await new TestClient(s.t.app).get(`/api/year-share/${created.token}`)).statusCode).toBe(
      200,
    );
    const revoked = await s.sharer.delete(`/api/user/year-shares/${created.yearShareId}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await new TestClient(s.t.app).get(`/api/year-share/${created.token}`)).statusCode).toBe(
      404,
    );
  });

  it('answers one 404 for unknown or malformed tokens, and refuses bad input', async () => {
    const anonymous = new TestClient(s.t.app);
    for (const token of ['x', 'A'.repeat(24), 'A'.repeat(64)]) {
      expect((await anonymous.get(`/api/year-share/${token}`)).statusCode, token).toBe(404);
    }
    expect((await anonymous.get(`/api/year-share/${'A'.repeat(65)}`)).statusCode).toBe(400);
    for (const body of [{ year: 1999 }, { year: 'soon' }, {}, { year: 2025, extra: 1 }]) {
      const response = await s.sharer.post('/api/user/year-shares', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const signedOut = await anonymous.post('/api/user/year-shares', { year: 2025 });
    expect(signedOut.statusCode).toBe(401);
  });

  it('leaves out what any role may not see, as share links do', async () => {
    const created = await share(s.sharer, 2025);
    // A role that hides "Featured" (Mareas) exists: the link stops showing Mareas.
    await memberWithRole(s.t, { blacklisted_tags: JSON.stringify(['featured']) });
    const figures = YearFiguresSchema.parse(
      (await new TestClient(s.t.app).get(`/api/year-share/${created.token}`)).json(),
    );
    expect(figures.plays).toBe(1);
    expect(figures.topCollections.map((c) => c.name)).toEqual(['Room Tone']);
  });

  it('keeps at most a bounded number of links per user', async () => {
    const member = await s.newMember('manylinks');
    for (let i = 0; i < YEAR_SHARES_PER_USER; i += 1) await share(member, 2025);
    const refused = await member.post('/api/user/year-shares', { year: 2025 });
    expect(refused.statusCode).toBe(400);
  });
});
