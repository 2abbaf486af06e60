import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bookmark } from '../../../../domain/bookmarks';
import { episodeStreamUrl, type ResumePoint } from '../../../../domain/long-listening';
import { testTrack } from '../../../../domain/track-fixture';
import { ResumeKeeper, type ResumeServer } from './resume-keeper';

/** A player clock the test moves by hand, and a server that records what it was sent. */
function setup(saved: Bookmark[] = []) {
  const clock = { position: 0, duration: 0 };
  const calls: string[] = [];
  let listed = 0;
  const server: ResumeServer = {
    list: () => {
      listed += 1;
      return Promise.resolve(saved);
    },
    save: (point: ResumePoint, ms: number, keepalive: boolean) => {
      calls.push(`save ${point.kind} ${point.id} ${ms}${keepalive ? ' keepalive' : ''}`);
      return Promise.resolve();
    },
    finish: (point: ResumePoint) => {
      calls.push(`finish ${point.kind} ${point.id}`);
      return Promise.resolve();
    },
    refresh: () => undefined,
  };
  const host = {
    position: () => clock.position,
    duration: () => clock.duration,
    seek: vi.fn((seconds: number) => {
      clock.position = seconds;
    }),
  };
  const keeper = new ResumeKeeper(host, server);
  return { clock, calls, keeper, host, listed: () => listed };
}

const hour = 3600;
const longTrack = testTrack({ fileId: 9, url: '/downloader/file/9?playback=true', duration: hour });
const episode = testTrack({ fileId: undefined, url: episodeStreamUrl(4), external: true });
const mark = (over: Partial<Bookmark>): Bookmark => ({
  kind: 'file',
  id: 9,
  title: 'Mix',
  parent: 'Album',
  parentId: 1,
  positionMs: 600_000,
  durationMs: hour * 1000,
  comment: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ResumeKeeper', () => {
  it('resumes a long track started from its beginning at its bookmark', async () => {
    const t = setup([mark({})]);
    t.clock.duration = hour;
    t.keeper.load(longTrack, 0);
    await settle();
    expect(t.host.seek).toHaveBeenCalledWith(600);
  });

  it('leaves a chosen position, a moved listener, a finished one and short music alone', async () => {
    const chosen = setup([mark({})]);
    chosen.keeper.load(longTrack, 120);
    await settle();
    expect(chosen.listed()).toBe(0);

    const moved = setup([mark({})]);
    moved.keeper.load(longTrack, 0);
    moved.clock.position = 40;
    await settle();
    expect(moved.host.seek).not.toHaveBeenCalled();

    const ended = setup([mark({ positionMs: hour * 1000 - 10_000 })]);
    ended.clock.duration = hour;
    ended.keeper.load(longTrack, 0);
    await settle();
    expect(ended.host.seek).not.toHaveBeenCalled();

    const music = setup([mark({})]);
    music.keeper.load(testTrack({ fileId: 9, duration: 200 }), 0);
    music.clock.position = 100;
    music.keeper.paused();
    await settle();
    expect([music.listed(), music.calls]).toEqual([0, []]);
  });

  it('sends an episode position every 15 s while playing, and at once on pause and hide', () => {
    const t = setup();
    t.keeper.load(episode, 0);
    t.clock.position = 20;
    t.keeper.progress();
    expect(t.calls).toEqual([]);
    vi.advanceTimersByTime(15_000);
    t.keeper.progress();
    vi.advanceTimersByTime(5_000);
    t.clock.position = 25;
    t.keeper.progress();
    t.keeper.paused();
    t.keeper.paused();
    t.clock.position = 26;
    t.keeper.hidden();
    expect(t.calls).toEqual([
      'save episode 4 20000',
      'save episode 4 25000',
      'save episode 4 26000 keepalive',
    ]);
  });

  it('keeps nothing from the first seconds', () => {
    const t = setup();
    t.keeper.load(longTrack, 0);
    t.clock.position = 3;
    t.keeper.paused();
    expect(t.calls).toEqual([]);
  });

  it('finishes once in the last 30 s, and keeps the place again when moved back', () => {
    const t = setup();
    t.clock.duration = hour;
    t.keeper.load(longTrack, 0);
    t.clock.position = hour - 20;
    t.keeper.progress();
    t.keeper.progress();
    t.keeper.paused();
    t.clock.position = 1200;
    t.keeper.paused();
    t.clock.position = hour - 1;
    t.keeper.leave();
    expect(t.calls).toEqual(['finish file 9', 'save file 9 1200000', 'finish file 9']);
  });

  it('keeps the place of the track it leaves for another', () => {
    const t = setup();
    t.clock.duration = hour;
    t.keeper.load(longTrack, 0);
    t.clock.position = 300;
    t.keeper.leave();
    t.keeper.load(testTrack(), 0);
    t.clock.position = 100;
    t.keeper.paused();
    t.keeper.ended();
    expect(t.calls).toEqual(['save file 9 300000']);
  });

  it('an ended episode is finished', () => {
    const t = setup();
    t.keeper.load(episode, 0);
    t.keeper.ended();
    t.keeper.leave();
    expect(t.calls).toEqual(['finish episode 4']);
  });
});
