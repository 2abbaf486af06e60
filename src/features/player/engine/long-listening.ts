import type { getDefaultStore } from 'jotai';
import { rateFor } from '../../../../domain/long-listening';
import type { Track } from '../../../../domain/track';
import { readStoredSpeed, speedAtom, stationTitleAtom } from '../state/long-listening-atoms';
import { durationAtom } from '../state/player-atoms';
import { ResumeKeeper } from './resume-keeper';
import { resumeServer } from './resume-server';
import { StationTitles } from './station-titles';

type Store = ReturnType<typeof getDefaultStore>;

/** What the engine lends: its clock, its seek, and the lock screen's metadata. */
export interface LongListeningHost {
  /** Seconds into the current track. */
  position(): number;
  seek(seconds: number): void;
  showOnLockScreen(track: Track, liveTitle: string | null): void;
}

/**
 * Episodes, long tracks and stations in the engine (issue 49), behind the few calls the
 * engine makes at its own moments (load, play, pause, tick, end, page hide): the speed a
 * track plays at, where it resumes and is kept (resume-keeper.ts), and what a station says
 * it plays (station-titles.ts), into the bar's atom and Media Session.
 */
export class LongListening {
  private readonly resume: ResumeKeeper;
  private readonly stations: StationTitles;

  constructor(
    private readonly store: Store,
    host: LongListeningHost,
  ) {
    store.set(speedAtom, readStoredSpeed(globalThis.localStorage));
    this.resume = new ResumeKeeper(
      {
        position: () => host.position(),
        duration: () => store.get(durationAtom),
        seek: (seconds) => host.seek(seconds),
      },
      resumeServer,
    );
    this.stations = new StationTitles((track, title) => {
      store.set(stationTitleAtom, title);
      if (track) host.showOnLockScreen(track, title);
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.resume.hidden();
    });
    window.addEventListener('pagehide', () => this.resume.hidden());
  }

  /** The rate `track` plays at: the device's speed for episodes and long tracks, else 1. */
  rate(track: Track | null | undefined): number {
    return rateFor(track, this.store.get(speedAtom));
  }

  /** Before the player moves off the current track (another track, a stop). */
  leave(): void {
    this.resume.leave();
  }

  /** After `track` became current at `position` s. */
  load(track: Track | null, position: number): void {
    this.resume.load(track, position);
    this.stations.load(track);
  }

  playing(): void {
    this.stations.setPlaying(true);
  }

  paused(): void {
    this.resume.paused();
    this.stations.setPlaying(false);
  }

  tick(): void {
    this.resume.progress();
  }

  ended(): void {
    this.resume.ended();
  }
}
