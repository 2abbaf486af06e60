import { fadeLength } from '../../../../domain/crossfade';
import type { Track } from '../../../../domain/track';
import type { Deck, DeckEvents } from './deck';
import { bufferedEndAround, createDeckElement, listenWhile, releaseElement } from './deck-element';
import { Fades } from './fades';
import { SourceFeed, lengthOf, type Segment } from './gapless-feed';
import { refetchUrlOf, streamUrlOf } from './gapless-stream';
import { TrackClock } from './track-clock';

export interface GaplessEvents extends DeckEvents {
  /**
   * The track's gapless stream could not be had; `current`: it is the one playing; `refused`:
   * the role's speed limit is too low for any gapless stream (409).
   */
  failed(track: Track, current: boolean, position: number, refused: boolean): void;
}

/**
 * Sample-accurate playback (decision 0052): one element on one MediaSource, the next track
 * appended at the exact end of the current one. The engine sees the current track's clock:
 * the element's time minus where the track starts on the timeline. Crossing that boundary is
 * reported as `ending`, and the engine's hand-over makes the next track current (`load` with
 * `handOver`), with nothing reloaded.
 */
export class GaplessDeck implements Deck {
  readonly audio: HTMLAudioElement;
  private feed: SourceFeed | null = null;
  private readonly clock: TrackClock;
  private pendingSeek: number | null = null;
  private boundaryTimer: ReturnType<typeof setTimeout> | undefined;
  private level: number;
  private readonly fades = new Fades();
  /** The planned change's crossfade, seconds: the next track comes in on another deck. */
  private crossfade = 0;
  /** This deck's track fades out while another deck plays (deck-pair.ts). */
  private outgoing = false;

  constructor(
    volume: number,
    private readonly events: GaplessEvents,
  ) {
    const el = createDeckElement('gapless', volume);
    this.audio = el;
    this.level = volume;
    this.clock = new TrackClock(el, this);
    // The current track's clock, for devtools and the e2e helpers (e2e/support/player-queue.ts):
    // the element's own clock runs across every track appended to the MediaSource.
    Object.defineProperty(el, 'trackClock', { value: this.clock });
    const on = listenWhile(el, () => this.feed !== null);
    on('play', () => events.play());
    on('pause', () => {
      if (!el.ended) events.pause();
    });
    on('ended', () => events.ended());
    on('loadedmetadata', () => this.applyPendingSeek());
    on('seeked', () => events.position());
    on('ratechange', () => events.position());
    on('timeupdate', () => {
      this.watchBoundary();
      events.tick();
    });
    for (const type of ['play', 'playing', 'seeked', 'ratechange'] as const)
      on(type, () => this.watchBoundary());
    for (const type of ['pause', 'seeking', 'waiting', 'emptied'] as const)
      on(type, () => this.cancelBoundary());
  }

  private get current(): Segment | undefined {
    return this.feed?.segments[0];
  }

  /** The current track. */
  get track(): Track | undefined {
    return this.current?.track;
  }

  get element(): HTMLAudioElement {
    // wavesurfer reads a media element's clock: this one reads the current track's.
    return this.clock as unknown as HTMLAudioElement;
  }

  /** Seconds of the current track: exact once it is all appended. */
  get duration(): number {
    return this.current ? lengthOf(this.current) : 0;
  }

  get position(): number {
    const segment = this.current;
    if (!segment) return 0;
    if (this.pendingSeek !== null) return this.pendingSeek;
    return Math.min(Math.max(0, this.audio.currentTime - segment.start), this.duration);
  }

  /** Where the current track starts on the element's timeline (seconds). */
  get trackStart(): number {
    return this.current?.start ?? 0;
  }

  get bufferedEnd(): number {
    const segment = this.current;
    if (!segment) return 0;
    const end = bufferedEndAround(this.audio, this.audio.currentTime);
    return end > 0 ? Math.min(end - segment.start, this.duration) : 0;
  }

  get playing(): boolean {
    return !this.audio.paused && !this.audio.ended;
  }

  get paused(): boolean {
    return this.audio.paused;
  }

  get playbackRate(): number {
    return this.audio.playbackRate;
  }

  get loaded(): boolean {
    return this.current !== undefined;
  }

  get fadingOut(): boolean {
    return this.outgoing;
  }

  /**
   * The next change crossfades over `seconds` into another deck (0: none): `ending` is
   * reported that long before the current track's end instead of at the next one's start.
   */
  planFade(seconds: number): void {
    this.crossfade = seconds;
    this.watchBoundary();
  }

  /** The current track fades out to its end while another deck plays; then this one empties. */
  fadeOut(): void {
    const seconds = this.fadeSeconds;
    const segment = this.current;
    this.cancelBoundary();
    this.crossfade = 0;
    if (!segment) return this.clear();
    this.outgoing = true;
    const clock = {
      position: () => this.audio.currentTime,
      end: () => segment.start + this.duration,
    };
    this.fades.out(this.audio, this.level, clock, seconds, () => this.clear());
  }

  /** The current track (just loaded) fades in over `seconds` of its own clock. */
  fadeIn(seconds: number): void {
    this.fades.in(this.audio, this.level, () => this.position, seconds);
  }

  /** The fade the planned change runs: the setting, shortened for a short track. */
  get fadeSeconds(): number {
    return fadeLength(this.crossfade, this.duration);
  }

  load(track: Track, position: number, handOver = false): void {
    if (!handOver) this.fades.stop();
    const next = this.feed?.segments[1];
    if (handOver && next && next.url === streamUrlOf(track)) {
      this.feed?.shift();
      this.events.duration(this.duration);
      this.events.swap();
      this.watchBoundary();
      return;
    }
    const current = this.current;
    if (current && current.url === streamUrlOf(track) && current.from === 0) {
      this.seek(position);
      return;
    }
    this.restart(track, streamUrlOf(track), position);
  }

  preload(track: Track | undefined): void {
    const feed = this.feed;
    if (!feed || feed.segments.length === 0) return;
    const next = feed.segments[1];
    if (track && next?.url === streamUrlOf(track) && feed.segments.length === 2) return;
    // Already sounding (the clock crossed into it a moment before the hand-over): dropping it
    // would cut what plays; the hand-over comes first and loads what the queue now says.
    if (next?.begun && this.audio.currentTime >= next.start) return;
    feed.dropAfter(1);
    if (track) feed.add(track, streamUrlOf(track));
    this.watchBoundary();
  }

  play(): Promise<void> {
    return this.audio.play();
  }

  pause(): void {
    this.fades.stop();
    this.audio.pause();
  }

  /** Inside what is buffered the clock just moves; elsewhere the track is fetched again. */
  seek(seconds: number): void {
    this.fades.stop();
    const segment = this.current;
    if (!segment) return;
    const target = segment.start + Math.max(0, Math.min(seconds, this.duration));
    if (this.pendingSeek === null && this.feed?.holds(target)) {
      this.audio.currentTime = target;
      return;
    }
    const wasPlaying = this.playing;
    this.restart(segment.track, refetchUrlOf(segment.track), seconds);
    if (wasPlaying) void this.audio.play().catch(() => undefined);
  }

  setVolumes(active: number): void {
    this.level = active;
    if (!this.fades.setLevel(this.audio, active)) this.audio.volume = active;
  }

  clear(): void {
    this.outgoing = false;
    this.crossfade = 0;
    this.fades.stop();
    this.audio.volume = this.level;
    this.cancelBoundary();
    this.feed?.close();
    this.feed = null;
    this.pendingSeek = null;
    releaseElement(this.audio);
  }

  /** A new MediaSource holding `track` from `position` seconds (the next one follows). */
  private restart(track: Track, url: string, position: number): void {
    this.cancelBoundary();
    const next = this.feed?.segments[1]?.track;
    this.feed?.close();
    const feed = new SourceFeed(
      this.audio,
      (segment) => {
        if (this.feed !== feed) return;
        this.events.failed(segment.track, segment === this.current, this.position, segment.refused);
      },
      () => {
        if (this.feed !== feed) return;
        // A start past what the stream holds (a tagged length longer than the audio) goes to
        // the last position it does hold.
        this.applyPendingSeek(true);
        this.events.duration(this.duration);
        this.watchBoundary();
      },
      () => {
        if (this.feed === feed) this.applyPendingSeek();
      },
    );
    this.feed = feed;
    this.pendingSeek = position > 0 ? position : null;
    feed.add(track, url, position);
    if (next) feed.add(next, streamUrlOf(next));
    this.events.duration(this.duration);
  }

  /**
   * Moves the new MediaSource to the asked position once it can. Its length is unknown
   * (Infinity), so it is seekable only up to what has been appended: a seek before the bytes
   * of that position arrive is dropped by the element (its clock stays at 0). `clamp`: the
   * track is all appended, so the position goes to the nearest one it holds.
   */
  private applyPendingSeek(clamp = false): void {
    const target = this.pendingSeek;
    if (target === null) return;
    const ranges = this.audio.seekable;
    const last = ranges.length > 0 ? ranges.end(ranges.length - 1) : null;
    if (last === null || (last < target && !clamp)) return;
    this.audio.currentTime = Math.min(target, last);
    this.pendingSeek = null;
  }

  /**
   * Reports `ending` the moment the clock reaches the next track's first sample, or, when the
   * change crossfades into another deck, the moment the fade must start.
   */
  private watchBoundary(): void {
    this.cancelBoundary();
    const next = this.feed?.segments[1];
    const segment = this.current;
    if (this.audio.paused || !segment) return;
    let at: number;
    if (next?.begun) at = next.start;
    else if (!next && this.fadeSeconds > 0) at = segment.start + this.duration - this.fadeSeconds;
    else return;
    const left = (at - this.audio.currentTime) / this.audio.playbackRate;
    if (left <= 0) queueMicrotask(() => this.events.ending());
    else this.boundaryTimer = setTimeout(() => this.watchBoundary(), left * 1000);
  }

  private cancelBoundary(): void {
    if (this.boundaryTimer !== undefined) clearTimeout(this.boundaryTimer);
    this.boundaryTimer = undefined;
  }
}
