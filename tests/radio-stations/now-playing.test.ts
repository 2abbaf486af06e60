import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  freshTitle,
  NowPlayingWriter,
  TITLE_FRESH_MS,
  WRITE_EVERY_MS,
} from '../../server/modules/radio-stations/now-playing';
import { TestClient } from '../helpers/client';
import { STATION_TITLE } from '../helpers/fake-podcast-host';
import type { Member } from '../helpers/setup';
import { setUpPodcasts, type PodcastSetup } from '../podcasts/podcast-setup';

/**
 * A station's ICY title is kept in the database (issue 49): a listener on one app server sees
 * the title a relay on another read. Two app servers on one database: on PostgreSQL two apps
 * as production runs them; on SQLite the same two apps in one process.
 */
describe('the now-playing title across two app servers', () => {
  let s: PodcastSetup;
  let second: FastifyInstance;
  let member: Member;
  let memberOnSecond: TestClient;

  beforeAll(async () => {
    s = await setUpPodcasts();
    second = await s.t.rebuild();
    member = await s.newMember('twoservers');
    memberOnSecond = new TestClient(second);
    for (const [name, value] of member.cookies) memberOnSecond.cookies.set(name, value);
  }, 120_000);
  afterAll(async () => {
    await second.close();
    await s.close();
  });

  it('answers on server B the title a relay on server A read', async () => {
    const created = await s.admin.put('/api/radio_station', {
      name: 'Shared FM',
      streamUrl: `${s.host.url}/station`,
    });
    const id = created.json<{ stationId: number }>().stationId;
    expect((await memberOnSecond.get(`/api/radio_station/${id}/now-playing`)).json()).toEqual({
      title: null,
    });
    // Listen through server A (the listening app) over a real connection.
    const cookie = [...member.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    const request = http.get(`${s.url}/api/radio_station/${id}/stream`, { headers: { cookie } });
    request.on('error', () => undefined);
    request.on('response', (response) => response.resume());
    let title: unknown = null;
    for (let i = 0; i < 100 && title === null; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      title = (await memberOnSecond.get(`/api/radio_station/${id}/now-playing`)).json<{
        title: string | null;
      }>().title;
    }
    request.destroy();
    expect(title).toBe(STATION_TITLE);
    // A title no relay has refreshed for a while is no longer "now playing", on any server.
    const old = new Date(Date.now() - TITLE_FRESH_MS - 5000).toISOString();
    await s.t.db
      .updateTable('radio_stations')
      .set({ now_playing_at: old })
      .where('station_id', '=', id)
      .execute();
    expect((await memberOnSecond.get(`/api/radio_station/${id}/now-playing`)).json()).toEqual({
      title: null,
    });
  });
});

describe('NowPlayingWriter', () => {
  it('writes a changed title at most every few seconds, the latest one winning', async () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const writer = new NowPlayingWriter(
        (_id, title) => {
          writes.push(title);
          return Promise.resolve();
        },
        () => undefined,
      );
      writer.heard(1, 'A');
      writer.heard(1, 'A');
      writer.heard(1, 'B');
      writer.heard(1, 'C');
      expect(writes).toEqual(['A']);
      await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS);
      expect(writes).toEqual(['A', 'C']);
      // The same title heard over and over is written again only now and then.
      for (let i = 0; i < 10; i += 1) {
        writer.heard(1, 'C');
        await vi.advanceTimersByTimeAsync(1000);
      }
      expect(writes).toEqual(['A', 'C']);
      await vi.advanceTimersByTimeAsync(10_000);
      writer.heard(1, 'C');
      expect(writes).toEqual(['A', 'C', 'C']);
      writer.heard(2, 'Other station');
      expect(writes).toEqual(['A', 'C', 'C', 'Other station']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a title only while it is fresh', () => {
    const at = new Date('2026-01-01T10:00:00Z');
    const row = { now_playing: 'X', now_playing_at: at.toISOString() };
    expect(freshTitle(row, at.getTime() + 1000)).toBe('X');
    expect(freshTitle(row, at.getTime() + TITLE_FRESH_MS + 1)).toBeNull();
    expect(freshTitle({ now_playing: null, now_playing_at: null })).toBeNull();
  });
});
