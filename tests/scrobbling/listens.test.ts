import { describe, expect, it } from 'vitest';
import { LISTENS_PER_REPORT } from '../../domain/scrobbling';
import { errorOf, perFile } from '../helpers/setup';
import {
  connectListenBrainz,
  minutesAgo,
  reportListens,
  secondsOf,
  setUpScrobbling,
  statusOf,
} from './scrobbling-setup';

const s = perFile(setUpScrobbling);

describe('POST /api/user/now-playing', () => {
  it('tells ListenBrainz what starts playing, with the track as tagged', async () => {
    const member = await s.newMember('nowplayer');
    await connectListenBrainz(s, member, 'tok-nowplayer', 'lb-nowplayer');
    const response = await member.post('/api/user/now-playing', { fileId: s.files.ola });
    expect(response.statusCode, response.body).toBe(200);
    await expect.poll(() => s.lb.nowPlayingOf('lb-nowplayer').length).toBe(1);
    expect(s.lb.nowPlayingOf('lb-nowplayer')[0]).toEqual({
      track_metadata: {
        artist_name: 'Ana Ruiz',
        track_name: 'Ola',
        release_name: 'Mareas',
        additional_info: expect.objectContaining({
          duration_ms: expect.any(Number),
          tracknumber: 1,
        }),
      },
    });
  });

  it('answers 404 for a file the caller may not see, and sends nothing', async () => {
    const member = await s.newMember('peeker');
    await connectListenBrainz(s, member, 'tok-peeker', 'lb-peeker');
    const response = await member.post('/api/user/now-playing', { fileId: s.files.demo });
    expect(response.statusCode).toBe(404);
    const ok = await member.post('/api/user/now-playing', { fileId: s.files.espuma });
    expect(ok.statusCode).toBe(200);
    await expect.poll(() => s.lb.nowPlayingOf('lb-peeker').length).toBe(1);
    expect(s.lb.nowPlayingOf('lb-peeker')[0]?.track_metadata.track_name).toBe('Espuma');
  });
});

describe('POST /api/user/listens', () => {
  it('submits a play of half the track once, at the time it started', async () => {
    const member = await s.newMember('halfway');
    await connectListenBrainz(s, member, 'tok-halfway', 'lb-halfway');
    const at = minutesAgo(90);
    // Ola is 8 s long: 3 s is not a listen, 4 s (half) is.
    const short = { fileId: s.files.ola, listenedAt: minutesAgo(95), playedMs: 3000 };
    const half = { fileId: s.files.ola, listenedAt: at, playedMs: 4000 };
    expect(await reportListens(member, [short, half])).toBe(1);
    await expect.poll(() => s.lb.listensOf('lb-halfway').length).toBe(1);
    expect(s.lb.listensOf('lb-halfway')[0]).toMatchObject({
      listened_at: secondsOf(at),
      track_metadata: { artist_name: 'Ana Ruiz', track_name: 'Ola', release_name: 'Mareas' },
    });
    // The same report again (a retry after a lost answer) queues nothing.
    expect(await reportListens(member, [half])).toBe(0);
    await expect.poll(async () => (await statusOf(member)).listenbrainz.pending).toBe(0);
    expect(s.lb.listensOf('lb-halfway')).toHaveLength(1);
  });

  it('sends plays made offline with their own times, each once', async () => {
    const member = await s.newMember('offline');
    await connectListenBrainz(s, member, 'tok-offline', 'lb-offline');
    const times = [minutesAgo(300), minutesAgo(200), minutesAgo(100)];
    const plays = times.map((listenedAt, i) => ({
      fileId: i === 1 ? s.files.espuma : s.files.ola,
      listenedAt,
      playedMs: 8000,
    }));
    expect(await reportListens(member, plays)).toBe(3);
    await expect.poll(() => s.lb.listensOf('lb-offline').length).toBe(3);
    expect(s.lb.listensOf('lb-offline').map((l) => l.listened_at)).toEqual(times.map(secondsOf));
    expect(s.lb.listensOf('lb-offline').map((l) => l.track_metadata.track_name)).toEqual([
      'Ola',
      'Espuma',
      'Ola',
    ]);
    // Several at once go as one import (listen_type "single" carries exactly one).
    const types = s.lb.submissions.filter((x) => x.user === 'lb-offline').map((x) => x.listenType);
    expect(types.every((type) => type === 'import' || type === 'single')).toBe(true);
  });

  it('leaves out files the caller may not see or only preview, and old plays', async () => {
    const member = await s.newMember('picky');
    await connectListenBrainz(s, member, 'tok-picky', 'lb-picky');
    const queued = await reportListens(member, [
      { fileId: s.files.demo, listenedAt: minutesAgo(10), playedMs: 60_000 },
      { fileId: s.files.piston, listenedAt: minutesAgo(9), playedMs: 60_000 },
      { fileId: s.files.ola, listenedAt: minutesAgo(15 * 24 * 60), playedMs: 8000 },
      { fileId: s.files.espuma, listenedAt: minutesAgo(8), playedMs: 6000 },
    ]);
    expect(queued).toBe(1);
    await expect.poll(() => s.lb.listensOf('lb-picky').length).toBe(1);
    expect(s.lb.listensOf('lb-picky')[0]?.track_metadata.track_name).toBe('Espuma');
  });

  it('queues nothing for a user with no service connected', async () => {
    const member = await s.newMember('unlinked');
    expect(
      await reportListens(member, [
        { fileId: s.files.ola, listenedAt: minutesAgo(1), playedMs: 8000 },
      ]),
    ).toBe(0);
  });

  it('refuses bad input with a message and queues nothing', async () => {
    const member = await s.newMember('sloppy');
    await connectListenBrainz(s, member, 'tok-sloppy', 'lb-sloppy');
    const good = { fileId: s.files.ola, listenedAt: minutesAgo(1), playedMs: 8000 };
    for (const listens of [
      [],
      [{ ...good, listenedAt: 'yesterday' }],
      [{ ...good, playedMs: -1 }],
      [{ ...good, fileId: 0 }],
      Array.from({ length: LISTENS_PER_REPORT + 1 }, () => good),
    ]) {
      const response = await member.post('/api/user/listens', { listens });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatch(/listens/);
    }
    expect((await statusOf(member)).listenbrainz.pending).toBe(0);
  });
});

describe('the submit worker', () => {
  it('retries after server errors and sends the listen once', async () => {
    const member = await s.newMember('retrier');
    await connectListenBrainz(s, member, 'tok-retrier', 'lb-retrier');
    const before = s.lb.refused.get(503) ?? 0;
    s.lb.failNext(503, 2);
    const at = minutesAgo(5);
    await reportListens(member, [{ fileId: s.files.ola, listenedAt: at, playedMs: 8000 }]);
    await expect.poll(() => s.lb.listensOf('lb-retrier').length).toBe(1);
    expect((s.lb.refused.get(503) ?? 0) - before).toBe(2);
    expect(s.lb.listensOf('lb-retrier')[0]?.listened_at).toBe(secondsOf(at));
    await expect.poll(async () => (await statusOf(member)).listenbrainz.pending).toBe(0);
  });

  it('waits out a 429 for X-RateLimit-Reset-In, then sends', async () => {
    const member = await s.newMember('limited');
    await connectListenBrainz(s, member, 'tok-limited', 'lb-limited');
    const before = s.lb.refused.get(429) ?? 0;
    s.lb.rateLimitNext(1);
    await reportListens(member, [
      { fileId: s.files.espuma, listenedAt: minutesAgo(3), playedMs: 6000 },
    ]);
    await expect.poll(() => s.lb.listensOf('lb-limited').length, { timeout: 10_000 }).toBe(1);
    expect((s.lb.refused.get(429) ?? 0) - before).toBe(1);
  });

  it('shows a revoked token as broken; its listens wait and go once reconnected', async () => {
    const member = await s.newMember('revoked');
    await connectListenBrainz(s, member, 'tok-revoked-1', 'lb-revoked');
    s.lb.revokeToken('tok-revoked-1');
    const at = minutesAgo(2);
    await reportListens(member, [{ fileId: s.files.ola, listenedAt: at, playedMs: 8000 }]);
    await expect
      .poll(async () => (await statusOf(member)).listenbrainz)
      .toEqual({
        connected: true,
        userName: 'lb-revoked',
        broken: true,
        pending: 1,
      });
    // Nothing else breaks: plays are still taken, now-playing answers.
    expect((await member.post('/api/user/now-playing', { fileId: s.files.ola })).statusCode).toBe(
      200,
    );
    await connectListenBrainz(s, member, 'tok-revoked-2', 'lb-revoked');
    expect((await statusOf(member)).listenbrainz.broken).toBe(false);
    await expect.poll(() => s.lb.listensOf('lb-revoked').length).toBe(1);
    expect(s.lb.listensOf('lb-revoked')[0]?.listened_at).toBe(secondsOf(at));
  });
});

describe('GET /rest/scrobble', () => {
  it('feeds the same path: submission=false is now playing, a submission is a listen once', async () => {
    await connectListenBrainz(s, s.user, 'tok-subsonic', 'lb-subsonic');
    const api = s.member.api;
    await api.customJSON('scrobble.view', { id: String(s.files.espuma), submission: 'false' });
    await expect.poll(() => s.lb.nowPlayingOf('lb-subsonic').length).toBe(1);
    const time = Date.parse(minutesAgo(7));
    expect((await api.scrobble({ id: String(s.files.ola), time })).status).toBe('ok');
    expect((await api.scrobble({ id: String(s.files.ola), time })).status).toBe('ok');
    await expect.poll(() => s.lb.listensOf('lb-subsonic').length).toBe(1);
    expect(s.lb.listensOf('lb-subsonic')[0]?.listened_at).toBe(time / 1000);
    await expect.poll(async () => (await statusOf(s.user)).listenbrainz.pending).toBe(0);
    expect(s.lb.listensOf('lb-subsonic')).toHaveLength(1);
  });
});
