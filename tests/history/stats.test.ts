import { describe, expect, it } from 'vitest';
import { ListeningTotalsSchema } from '../../domain/history';
import { errorOf, memberWithRole, perFile } from '../helpers/setup';
import {
  historyOf,
  insertListens,
  setUpHistory,
  statsOf,
  type HistorySetup,
} from './history-setup';

/**
 * GET /api/user/stats and GET /api/admin/listening (issue 48) against a known set of listens,
 * written as the intake writes them (a past year no report may reach any more).
 */
const s = perFile(async () => {
  const setup = await setUpHistory();
  const alice = await setup.newMember('alicestats');
  const { ola, espuma, room } = setup.files;
  const { free, single } = setup.fx.ids;
  const play = (fileId: number, playedAt: string) => {
    const collectionId = fileId === room ? single : free;
    const durationMs = fileId === ola ? 90_000 : fileId === espuma ? 30_000 : 42_000;
    return { fileId, collectionId, playedAt, durationMs };
  };
  await insertListens(setup, alice.userId, [
    play(ola, '2024-12-31T23:59:59.000Z'),
    play(ola, '2025-01-05T10:00:00.000Z'),
    play(espuma, '2025-02-01T08:00:00.000Z'),
    play(ola, '2025-03-03T09:00:00.000Z'),
    play(ola, '2025-03-03T10:00:00.000Z'),
    play(ola, '2025-03-03T11:00:00.000Z'),
    play(espuma, '2025-03-03T12:00:00.000Z'),
    play(room, '2025-03-10T18:00:00.000Z'),
    play(room, '2025-12-31T23:59:59.000Z'),
    play(room, '2026-01-01T00:00:00.000Z'),
  ]);
  return { ...setup, alice };
});

/** A member on a role of its own with these listens of 2025: Ola, Room Tone and the hidden Demo. */
async function restrictedListener(setup: HistorySetup, role: Parameters<typeof memberWithRole>[1]) {
  const member = await memberWithRole(setup.t, role);
  await insertListens(setup, member.userId, [
    {
      fileId: setup.files.ola,
      collectionId: setup.fx.ids.free,
      playedAt: '2025-04-01T10:00:00.000Z',
    },
    {
      fileId: setup.files.room,
      collectionId: setup.fx.ids.single,
      playedAt: '2025-04-02T10:00:00.000Z',
    },
    {
      fileId: setup.files.demo,
      collectionId: setup.fx.ids.hidden,
      playedAt: '2025-04-03T10:00:00.000Z',
    },
  ]);
  return member;
}

describe('GET /api/user/stats', () => {
  it('sums up the year: plays, minutes, top lists in order, months, firsts', async () => {
    const stats = await statsOf(s.alice, 2025);
    expect(stats.year).toBe(2025);
    expect(stats.plays).toBe(8);
    // 4 × 90 s + 2 × 30 s + 2 × 42 s = 504 s, 8.4 minutes.
    expect(stats.minutes).toBe(8);
    expect(stats.byMonth).toEqual([1, 1, 5, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(stats.topTracks.map((t) => [t.id, t.name, t.plays])).toEqual([
      [s.files.ola, 'Ola', 4],
      [s.files.espuma, 'Espuma', 2],
      [s.files.room, 'Room Tone', 2],
    ]);
    expect(stats.topTracks[0]).toMatchObject({
      artists: ['Ana Ruiz'],
      collectionId: s.fx.ids.free,
    });
    expect(stats.topCollections).toEqual([
      { id: s.fx.ids.free, name: 'Mareas', plays: 6 },
      { id: s.fx.ids.single, name: 'Room Tone', plays: 2 },
    ]);
    expect(stats.topArtists.map((a) => [a.name, a.plays])).toEqual([
      ['Ana Ruiz', 6],
      ['Mira Vale', 2],
    ]);
    expect(stats.topArtists.every((a) => a.id > 0)).toBe(true);
    expect(stats.topGenres).toEqual([
      { id: 'house', name: 'House', plays: 6 },
      { id: 'ambient', name: 'Ambient', plays: 2 },
    ]);
    expect(stats.firstPlay).toEqual({
      fileId: s.files.ola,
      title: 'Ola',
      artists: ['Ana Ruiz'],
      collectionId: s.fx.ids.free,
      playedAt: '2025-01-05T10:00:00.000Z',
    });
    expect(stats.mostReplayedDay).toEqual({ date: '2025-03-03', plays: 4 });
    expect(stats.years).toEqual([2026, 2025, 2024]);
  });

  it('answers an empty year with zeros and no firsts', async () => {
    const stats = await statsOf(s.alice, 2019);
    expect(stats).toMatchObject({
      plays: 0,
      minutes: 0,
      topTracks: [],
      topArtists: [],
      topCollections: [],
      topGenres: [],
      firstPlay: null,
      mostReplayedDay: null,
    });
    expect(stats.byMonth).toEqual(Array.from({ length: 12 }, () => 0));
  });

  it('counts only what the caller may see now: blacklisted tags and hidden collections', async () => {
    // Mareas carries the tag "Featured"; Demos is hidden.
    const member = await restrictedListener(s, { blacklisted_tags: JSON.stringify(['featured']) });
    const stats = await statsOf(member, 2025);
    expect(stats.plays).toBe(1);
    expect(stats.topCollections.map((c) => c.name)).toEqual(['Room Tone']);
    expect(stats.topTracks.map((t) => t.name)).toEqual(['Room Tone']);
    expect(stats.topGenres.map((g) => g.name)).toEqual(['Ambient']);
    expect(stats.firstPlay?.title).toBe('Room Tone');
    const history = await historyOf(member);
    expect(history.total).toBe(1);
    expect(history.listens.map((l) => l.title)).toEqual(['Room Tone']);
  });

  it('counts only the libraries the role shows', async () => {
    const member = await restrictedListener(s, { libraries: JSON.stringify([1]) });
    const single = s.fx.ids.single;
    await s.t.db
      .updateTable('collections')
      .set({ library_id: 7 })
      .where('collection_id', '=', single)
      .execute();
    try {
      const stats = await statsOf(member, 2025);
      expect(stats.topCollections.map((c) => c.name)).toEqual(['Mareas']);
      expect(stats.plays).toBe(1);
      expect((await historyOf(member)).listens.map((l) => l.title)).toEqual(['Ola']);
    } finally {
      await s.t.db
        .updateTable('collections')
        .set({ library_id: null })
        .where('collection_id', '=', single)
        .execute();
    }
    expect((await statsOf(member, 2025)).plays).toBe(2);
  });

  it('refuses a year out of range or not a year with a message', async () => {
    for (const year of ['1999', '2101', 'abc', '2025.5', '']) {
      const response = await s.alice.get(`/api/user/stats?year=${year}`);
      expect(response.statusCode, year).toBe(400);
      expect(errorOf(response), year).toMatch(/year/);
    }
  });
});

describe('GET /api/admin/listening', () => {
  it('gives administrators totals over every user, and no one’s list', async () => {
    const response = await s.admin.get('/api/admin/listening?year=2024');
    expect(response.statusCode, response.body).toBe(200);
    const totals = ListeningTotalsSchema.parse(response.json());
    expect(Object.keys(response.json<object>()).sort()).toEqual(
      ['byMonth', 'listeners', 'minutes', 'plays', 'topCollections', 'year'].sort(),
    );
    expect(totals).toMatchObject({ year: 2024, plays: 1, listeners: 1, minutes: 2 });
    expect(totals.byMonth[11]).toBe(1);
    expect(totals.topCollections).toEqual([{ id: s.fx.ids.free, name: 'Mareas', plays: 1 }]);
  });

  it('is for administrators only', async () => {
    expect((await s.alice.get('/api/admin/listening')).statusCode).toBe(403);
    expect((await s.admin.get('/api/admin/listening?year=1800')).statusCode).toBe(400);
  });
});
