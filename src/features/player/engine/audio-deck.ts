import { planHandover } from '../../../../domain/handover';
import type { Track } from '../../../../domain/track';
import type { Deck, DeckEvents } from './deck';

/**
 * The two audio elements of the engine: the active one and a spare that preloads the next
 * track. When the next track starts, the spare becomes active instead of reloading, so the
 * gap between tracks is as short as the browser allows (decision 0029). The fallback of the
 * gapless deck (decision 0052). Only the player engine uses this.
 */
export class AudioDeck implements Deck {
  private audio: HTMLAudioElement;
  private spare: HTMLAudioElement;
  private pendingSeek: number | null = null;
  /** The next track's URL, set by `preload`; the only one a scheduled hand-over starts. */
  private nextUrl: string | undefined;
  /** Held while the outgoing element plays out its last ms after a hand-over. */
  private deferredPreload: string | undefined;
  private handoverTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    volume: number,
    private readonly events: DeckEvents,
  ) {
    this.audio = this.create('active', volume);
    this.spare = this.create('spare', volume);
  }

  get element(): HTMLAudioElement {
    return this.audio;
  }

  /** The asked position until the element can seek, then the element's own. */
  get position(): number {
    return this.pendingSeek ?? this.audio.currentTime;
  }

  /** The end of the buffered range that holds the position (0 if none does). */
  get bufferedEnd(): number {
    const ranges = this.audio.buffered;
    const at = this.position;
    for (let i = 0; i < ranges.length; i += 1) {
      if (ranges.start(i) <= at + 0.5 && ranges.end(i) >= at) return ranges.end(i);
    }
    return 0;
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
    return this.audio.getAttribute('src') !== null;
  }

  /**
   * Points the active element at `url`, reusing the preloaded spare when it holds it. With
   * `handOver` (the scheduled start near the end) the outgoing element is not paused: it plays
   * its last few ms out while the spare starts, so the two meet without a gap.
   */
  load(track: Track, position: number, handOver = false): void {
    const { url } = track;
    this.cancelHandover();
    this.pendingSeek = position > 0 ? position : null;
    if (this.audio.getAttribute('src') === url) {
      this.audio.currentTime = position;
      this.pendingSeek = null;
      return;
    }
    if (this.spare.getAttribute('src') === url) {
      [this.audio, this.spare] = [this.spare, this.audio];
      this.audio.dataset.player = 'active';
      this.spare.dataset.player = 'spare';
      if (!handOver) this.spare.pause();
      const known = this.audio.duration;
      if (Number.isFinite(known) && known > 0) this.events.duration(known);
      this.applyPendingSeek();
      this.events.swap();
      return;
    }
    this.audio.src = url;
  }

  /** Loads the next track into the spare (`undefined`: none follows, nothing is scheduled). */
  preload(track: Track | undefined): void {
    this.preloadUrl(track?.url);
  }

  private preloadUrl(url: string | undefined): void {
    this.nextUrl = url;
    if (!url) return;
    if (this.outgoingPlaying) {
      this.deferredPreload = url;
      return;
    }
    if (this.spare.getAttribute('src') !== url) this.spare.src = url;
    // The same track again (a two-track repeat): rewind it so it starts warm from 0.
    else if (this.spare.currentTime > 0) this.spare.currentTime = 0;
    this.evaluateHandover();
  }

  /** The spare is still sounding the end of the track it handed over. */
  private get outgoingPlaying(): boolean {
    return !this.spare.paused && !this.spare.ended;
  }

  private finishOutgoing(): void {
    const url = this.deferredPreload;
    this.deferredPreload = undefined;
    if (url && url === this.nextUrl) this.preloadUrl(url);
  }

  play(): Promise<void> {
    return this.audio.play();
  }

  pause(): void {
    this.cancelHandover();
    this.audio.pause();
  }

  seek(seconds: number): void {
    if (this.audio.readyState < HTMLMediaElement.HAVE_METADATA) this.pendingSeek = seconds;
    else this.audio.currentTime = seconds;
  }

  /**
   * Each element has its own level: the spare is set for the track it preloads, so the
   * normalisation gain is already right the moment it takes over.
   */
  setVolumes(active: number, spare: number): void {
    this.audio.volume = active;
    this.spare.volume = spare;
  }

  clear(): void {
    this.cancelHandover();
    this.nextUrl = undefined;
    this.deferredPreload = undefined;
    for (const element of [this.audio, this.spare]) {
      element.pause();
      element.removeAttribute('src');
      element.load();
    }
    this.pendingSeek = null;
  }

  /**
   * Aims a timer at the end of the active track (domain/handover.ts); re-run on every event
   * that moves the clock. Pause, seeking, a stall or an unknown length leave it to `ended`.
   */
  private evaluateHandover(): void {
    this.cancelHandover();
    const el = this.audio;
    const spare = this.spare;
    const spareReady =
      this.nextUrl !== undefined &&
      spare.getAttribute('src') === this.nextUrl &&
      spare.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA &&
      !spare.seeking &&
      spare.currentTime === 0;
    const plan = planHandover({
      duration: el.duration,
      currentTime: el.currentTime,
      playbackRate: el.playbackRate,
      paused: el.paused || el.ended || this.pendingSeek !== null,
      seeking: el.seeking,
      spareReady,
    });
    // A microtask: never re-enter the engine from inside its own load/preload call.
    if (plan.kind === 'now') queueMicrotask(() => this.events.ending());
    else if (plan.kind === 'wait')
      this.handoverTimer = setTimeout(() => this.evaluateHandover(), plan.ms);
  }

  private cancelHandover(): void {
    if (this.handoverTimer !== undefined) clearTimeout(this.handoverTimer);
    this.handoverTimer = undefined;
  }

  private applyPendingSeek(): void {
    if (this.pendingSeek === null || this.audio.readyState < HTMLMediaElement.HAVE_METADATA) return;
    this.audio.currentTime = this.pendingSeek;
    this.pendingSeek = null;
  }

  private create(role: 'active' | 'spare', volume: number): HTMLAudioElement {
    const el = document.createElement('audio');
    el.preload = 'auto';
    el.hidden = true;
    el.dataset.player = role;
    el.volume = volume;
    document.body.append(el);
    // Both elements report, but only the active one speaks for the player.
    const on = (type: keyof HTMLMediaElementEventMap, handler: () => void) =>
      el.addEventListener(type, () => {
        if (el === this.audio) handler();
      });
    on('play', () => this.events.play());
    on('pause', () => {
      // The browser fires pause right before ended; the end of a track is not a pause.
      if (!el.ended) this.events.pause();
    });
    on('ended', () => this.events.ended());
    on('loadedmetadata', () => {
      if (Number.isFinite(el.duration) && el.duration > 0) this.events.duration(el.duration);
      this.applyPendingSeek();
      this.events.position();
    });
    on('seeked', () => this.events.position());
    on('ratechange', () => this.events.position());
    on('timeupdate', () => {
      this.evaluateHandover();
      this.events.tick();
    });
    for (const type of ['play', 'playing', 'seeked', 'ratechange', 'durationchange'] as const)
      on(type, () => this.evaluateHandover());
    for (const type of ['pause', 'seeking', 'waiting', 'emptied', 'ended'] as const)
      on(type, () => this.cancelHandover());
    // The outgoing element of a hand-over ends as the spare: then the next preload may load.
    // Not at the pause that precedes `ended`: a new src then would swallow the `ended`.
    for (const type of ['ended', 'pause'] as const)
      el.addEventListener(type, () => {
        if (el === this.spare && (type === 'ended' || !el.ended)) this.finishOutgoing();
      });
    // The spare becoming ready may be what allows a hand-over already due.
    el.addEventListener('canplay', () => {
      if (el === this.spare) this.evaluateHandover();
    });
    return el;
  }
}
