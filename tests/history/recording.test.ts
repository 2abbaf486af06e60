import { describe, expect, it } from 'vitest';
import { subsonicFor } from '../helpers/subsonic';
import { perFile } from '../helpers/setup';
import { listensRows, minutesAgo, reportListens, setUpHistory } from './history-setup';

/**
 * Every play the server accepts becomes one `listens` row (issue 48): from the web app, its
 * offline outbox sending again, and Subsonic apps' scrobble, whatever services are connected.
 */
const s = perFile(setUpHistory);

describe('recording plays', () => {
  it('keeps a web play heard past half the track, once, with its start time', async () => {
    const member = await s.newMember('webplayer');
    const at = minutesAgo(30);
    // Ola is 8 s long: 3 s is not a listen, 4 s (half) is. Nothing is connected: queued 0.
    const short = { fileId: s.files.ola, listenedAt: minutesAgo(35), playedMs: 3000 };
    const half = { fileId: s.files.ola, listenedAt: at, playedMs: 4000 };
    expect(await reportListens(member, [short, half])).toBe(0);
    expect(await listensRows(s, member.userId)).toEqual([
      {
        file_id: s.files.ola,
        collection_id: s.fx.ids.free,
        played_at: at,
        client: 'web',
        duration_ms: expect.any(Number),
      },
    ]);
    const [row] = await listensRows(s, member.userId);
    expect(Math.abs(Number(row?.duration_ms) - 8000)).toBeLessThan(300);
  });

  it('keeps an offline play sent again (the outbox retrying) as one row', async () => {
    const member = await s.newMember('outbox');
    const plays = [
      { fileId: s.files.ola, listenedAt: minutesAgo(300), playedMs: 8000 },
      { fileId: s.files.espuma, listenedAt: minutesAgo(200), playedMs: 6000 },
    ];
    await reportListens(member, plays);
    await reportListens(member, plays);
    // The same play a few milliseconds off is the same second, the same listen.
    const [first] = plays;
    const later = new Date(Date.parse(first!.listenedAt) + 400).toISOString();
    await reportListens(member, [{ ...first!, listenedAt: later }]);
    expect((await listensRows(s, member.userId)).map((row) => row.file_id)).toEqual([
      s.files.ola,
      s.files.espuma,
    ]);
  });

  it('leaves out previews, files the caller may not see and plays older than two weeks', async () => {
    const member = await s.newMember('leftout');
    await reportListens(member, [
      { fileId: s.files.demo, listenedAt: minutesAgo(10), playedMs: 60_000 },
      { fileId: s.files.piston, listenedAt: minutesAgo(9), playedMs: 60_000 },
      { fileId: s.files.ola, listenedAt: minutesAgo(15 * 24 * 60), playedMs: 8000 },
      { fileId: s.files.room, listenedAt: minutesAgo(8), playedMs: 4000 },
    ]);
    expect((await listensRows(s, member.userId)).map((row) => row.file_id)).toEqual([s.files.room]);
  });

  it('clamps a start time in the future to now', async () => {
    const member = await s.newMember('timetraveller');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await reportListens(member, [{ fileId: s.files.ola, listenedAt: future, playedMs: 8000 }]);
    const [row] = await listensRows(s, member.userId);
    expect(Date.parse(row!.played_at)).toBeLessThanOrEqual(Date.now());
    expect(row!.played_at).toMatch(/\.000Z$/);
  });

  it('keeps a Subsonic scrobble with the app name, once however often it is sent', async () => {
    const member = await s.newMember('phoneuser');
    const phone = await subsonicFor(s.url, member, member.userName);
    const time = Date.parse(minutesAgo(20));
    const scrobble = () =>
      phone.api.scrobble({ id: String(s.files.espuma), time, c: 'Symfonium' } as never);
    expect((await scrobble()).status).toBe('ok');
    expect((await scrobble()).status).toBe('ok');
    // "Now playing" is no play.
    const now = await phone.api.scrobble({ id: String(s.files.ola), submission: false });
    expect(now.status).toBe('ok');
    // A preview (paid, not bought) is no play either.
    expect((await phone.api.scrobble({ id: String(s.files.piston) })).status).toBe('ok');
    expect(await listensRows(s, member.userId)).toEqual([
      {
        file_id: s.files.espuma,
        collection_id: s.fx.ids.free,
        played_at: new Date(time).toISOString(),
        client: 'Symfonium',
        duration_ms: expect.any(Number),
      },
    ]);
  });

  it('counts web and Subsonic plays at different times as two, at the same second as one', async () => {
    const member = await s.newMember('bothways');
    const phone = await subsonicFor(s.url, member, member.userName);
    const webAt = minutesAgo(50);
    const appAt = minutesAgo(40);
    await reportListens(member, [{ fileId: s.files.ola, listenedAt: webAt, playedMs: 8000 }]);
    const app = await phone.api.scrobble({ id: String(s.files.ola), time: Date.parse(appAt) });
    expect(app.status).toBe('ok');
    // The web app and an app reporting the very same play: one row.
    const again = await phone.api.scrobble({ id: String(s.files.ola), time: Date.parse(webAt) });
    expect(again.status).toBe('ok');
    const rows = await listensRows(s, member.userId);
    expect(rows.map((row) => [row.played_at, row.client])).toEqual([
      [webAt, 'web'],
      [appAt, 'subsonic-api'],
    ]);
  });
});
