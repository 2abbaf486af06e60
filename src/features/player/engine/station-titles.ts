import { stationIdOf } from '../../../../domain/long-listening';
import type { Track } from '../../../../domain/track';
import { stationTitle } from '../../../common/playback/station-now-playing';

/** How often the playing station's title is asked for (the Radio page asks as often). */
const POLL_MS = 10_000;

/**
 * The ICY "now playing" title of the station the player sounds (issue 49), for the bar and
 * the lock screen: asked at once and every 10 s while the station plays and the page is
 * visible, not while paused or hidden (asked again on return). `show` gets each new title,
 * null when the current track is not a station or the station names nothing.
 */
export class StationTitles {
  private track: Track | null = null;
  private stationId: number | null = null;
  private playing = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private abort: AbortController | null = null;
  private title: string | null = null;

  constructor(private readonly show: (track: Track | null, title: string | null) => void) {
    document.addEventListener('visibilitychange', () => this.sync());
  }

  /** The current track (null: none); a different station starts with no title. */
  load(track: Track | null): void {
    const id = track ? stationIdOf(track) : null;
    this.track = id === null ? null : track;
    if (id !== this.stationId) {
      this.stationId = id;
      this.stopPolling();
      this.title = null;
      this.show(this.track, null);
    }
    this.sync();
  }

  setPlaying(playing: boolean): void {
    this.playing = playing;
    this.sync();
  }

  private sync(): void {
    const wanted =
      this.stationId !== null && this.playing && document.visibilityState === 'visible';
    if (!wanted) return this.stopPolling();
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    void this.poll();
  }

  private stopPolling(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.abort?.abort();
    this.abort = null;
  }

  private async poll(): Promise<void> {
    const id = this.stationId;
    if (id === null) return;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    const title = await stationTitle(id, abort.signal).catch(() => undefined);
    // A failed ask keeps the last title; an answer for a station no longer playing is dropped.
    if (title === undefined || abort.signal.aborted || id !== this.stationId) return;
    if (title === this.title) return;
    this.title = title;
    this.show(this.track, title);
  }
}
