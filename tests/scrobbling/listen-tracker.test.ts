import { describe, expect, it } from 'vitest';
import type { ListenReport } from '../../domain/scrobbling';
import type { Track } from '../../domain/track';
import { testTrack } from '../../domain/track-fixture';
import { ListenTracker, type ListenSink } from '../../src/features/player/api/listens';

const track = (fileId: number, duration: number, extra: Partial<Track> = {}): Track =>
  testTrack({
    fileId,
    title: `Track ${fileId}`,
    artists: ['Someone'],
    url: `/downloader/file/${fileId}?playback=true`,
    duration,
    ...extra,
  });

function recorder() {
  const nowPlaying: number[] = [];
  const listens: ListenReport[] = [];
  const sink: ListenSink = {
    nowPlaying: (fileId) => nowPlaying.push(fileId),
    listen: (report) => {
      listens.push(report);
      return Promise.resolve('sent');
    },
  };
  let clock = Date.parse('2026-05-01T10:00:00Z');
  const tracker = new ListenTracker(sink, () => new Date(clock));
  return { tracker, nowPlaying, listens, advance: (ms: number) => (clock += ms) };
}

/** Plays from `from` to `to` seconds in steps of 0.25 s, as timeupdate reports it. */
function playThrough(tracker: ListenTracker, from: number, to: number) {
  for (let at = from; at <= to + 1e-9; at += 0.25) tracker.progress(at);
}

describe('ListenTracker', () => {
  it('says now playing at the start and reports the listen once half of it was heard', () => {
    const r = recorder();
    r.tracker.load(track(7, 10));
    r.tracker.playing(0);
    expect(r.nowPlaying).toEqual([7]);
    playThrough(r.tracker, 0, 4.75);
    expect(r.listens).toEqual([]);
    r.tracker.progress(5);
    // At the threshold, before the track ends: a page killed now keeps the listen.
    expect(r.listens).toEqual([
      { fileId: 7, listenedAt: '2026-05-01T10:00:00.000Z', playedMs: 5_000 },
    ]);
    playThrough(r.tracker, 5, 10);
    r.advance(10_000);
    r.tracker.finish();
    expect(r.listens).toHaveLength(1);
    // Resuming after a pause is the same listen: no second now playing.
    r.tracker.finish();
    expect(r.listens).toHaveLength(1);
  });

  it('reports nothing for a track skipped before half of it, and counts no time seeked over', () => {
    const r = recorder();
    r.tracker.load(track(1, 20));
    r.tracker.playing(0);
    playThrough(r.tracker, 0, 3);
    r.tracker.progress(15); // a seek ahead
    playThrough(r.tracker, 15, 20);
    r.tracker.load(track(2, 20)); // the next track: the first one is done
    expect(r.listens).toEqual([]);
  });

  it('counts a fast play whose updates come late (3 s steps at 4x), but no seek at that speed', () => {
    const r = recorder();
    r.tracker.load(track(5, 40));
    r.tracker.playing(0);
    for (let at = 0; at <= 18; at += 3) r.tracker.progress(at, 4);
    r.tracker.progress(33, 4); // a 15 s jump is a seek even at 4x
    r.tracker.finish();
    expect(r.listens).toEqual([]);
    r.tracker.playing(0);
    for (let at = 0; at <= 24; at += 3) r.tracker.progress(at, 4);
    expect(r.listens).toEqual([
      { fileId: 5, listenedAt: '2026-05-01T10:00:00.000Z', playedMs: 21_000 },
    ]);
  });

  it('ignores previews and external tracks', () => {
    const r = recorder();
    for (const t of [track(3, 10, { isPreview: true }), track(4, 10, { external: true })]) {
      r.tracker.load(t);
      r.tracker.playing(0);
      playThrough(r.tracker, 0, 10);
      r.tracker.finish();
    }
    expect(r.nowPlaying).toEqual([]);
    expect(r.listens).toEqual([]);
  });

  it('starts a new listen when the same track plays again after it ended', () => {
    const r = recorder();
    r.tracker.load(track(5, 4));
    for (let round = 0; round < 2; round++) {
      r.tracker.playing(0);
      playThrough(r.tracker, 0, 4);
      r.tracker.finish();
      r.advance(4_000);
    }
    expect(r.listens.map((l) => l.listenedAt)).toEqual([
      '2026-05-01T10:00:00.000Z',
      '2026-05-01T10:00:04.000Z',
    ]);
    expect(r.nowPlaying).toEqual([5, 5]);
  });
});
