import type { Track } from '../../../../domain/track';
import type { Deck, DeckEvents } from './deck';
import {
  bufferedEndAround,
  createDeckElement,
  listenWhile,
  releaseElement,
  reportElement,
} from './deck-element';
import { Fades } from './fades';
import { HandoverTimer } from './handover-timer';

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
  private readonly handover = new HandoverTimer(
    () => ({
      active: this.audio,
      spare: this.spare,
      nextUrl: this.nextUrl,
      crossfade: this.crossfade,
      fadeElsewhere: this.fadeElsewhere,
      seekPending: this.pendingSeek !== null,
    }),
    () => this.events.ending(),
  );
  /** The levels the engine asked for: the active track's and the spare's. */
  private levels: [number, number];
  private readonly fades = new Fades();
  /** The planned change's crossfade, seconds (0: the hand-over of decision 0029). */
  private crossfade = 0;
  /** The next track fades in on another deck: the change needs no spare. */
  private fadeElsewhere = false;
  /** The active track fades out while another deck plays (deck-pair.ts). */
  private outgoing = false;

  constructor(
    volume: number,
    private readonly events: DeckEvents,
  ) {
    this.audio = this.create('active', volume);
    this.spare = this.create('spare', volume);
    this.levels = [volume, volume];
  }

  get duration(): number {
    return this.audio.duration;
  }

  get fadingOut(): boolean {
    return this.outgoing;
  }

  /**
   * The next change crossfades over `seconds` (0: a plain hand-over); `elsewhere`: the next
   * track comes in on another deck, so the change starts without a spare (deck-pair.ts).
   */
  planFade(seconds: number, elsewhere = false): void {
    this.crossfade = seconds;
    this.fadeElsewhere = seconds > 0 && elsewhere;
    this.handover.evaluate();
  }

  /**
   * The active track fades out over what is left of it while the next plays on another
   * deck; then this deck empties itself. Its events no longer reach the engine.
   */
  fadeOut(): void {
    const seconds = this.handover.armedFade;
    this.handover.cancel();
    this.nextUrl = undefined;
    this.crossfade = 0;
    this.fadeElsewhere = false;
    releaseElement(this.spare);
    const el = this.audio;
    this.outgoing = true;
    const clock = { position: () => el.currentTime, end: () => el.duration };
    this.fades.out(el, this.levels[0], clock, seconds, () => this.clear());
  }

  /** The active track (just loaded, about to play) fades in over `seconds`. */
  fadeIn(seconds: number): void {
    const el = this.audio;
    this.fades.in(el, this.levels[0], () => el.currentTime, seconds);
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
    return bufferedEndAround(this.audio, this.position);
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
    this.handover.cancel();
    const fade = handOver && !this.fadeElsewhere ? this.handover.armedFade : 0;
    if (fade === 0) this.fades.stop();
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
      if (fade > 0) this.crossfadeSwap(fade);
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
    this.handover.evaluate();
  }

  /** The spare is still sounding the end of the track it handed over. */
  private get outgoingPlaying(): boolean {
    return !this.spare.paused && !this.spare.ended;
  }

  private finishOutgoing(): void {
    this.spare.volume = this.levels[1];
    const url = this.deferredPreload;
    this.deferredPreload = undefined;
    if (url && url === this.nextUrl) this.preloadUrl(url);
  }

  play(): Promise<void> {
    return this.audio.play();
  }

  pause(): void {
    this.handover.cancel();
    this.fades.stop();
    this.audio.pause();
  }

  seek(seconds: number): void {
    this.fades.stop();
    if (this.audio.readyState < HTMLMediaElement.HAVE_METADATA) this.pendingSeek = seconds;
    else this.audio.currentTime = seconds;
  }

  /**
   * Each element has its own level: the spare is set for the track it preloads, so the
   * normalisation gain is already right the moment it takes over.
   */
  setVolumes(active: number, spare: number): void {
    this.levels = [active, spare];
    if (!this.fades.setLevel(this.audio, active)) this.audio.volume = active;
    // A spare fading out keeps its own track's level.
    if (!this.fades.has(this.spare)) this.spare.volume = spare;
  }

  clear(): void {
    this.outgoing = false;
    this.fades.stop();
    this.handover.cancel();
    this.nextUrl = undefined;
    this.deferredPreload = undefined;
    releaseElement(this.audio);
    releaseElement(this.spare);
    [this.audio.volume, this.spare.volume] = this.levels;
    this.pendingSeek = null;
  }

  /**
   * A crossfade inside this deck (decision 0052 "Crossfade"): the element just handed over
   * (now the spare) fades out to its end, the new active one fades in from 0.
   */
  private crossfadeSwap(seconds: number): void {
    const out = this.spare;
    const incoming = this.audio;
    const [outLevel, inLevel] = this.levels;
    this.levels = [inLevel, outLevel];
    const clock = { position: () => out.currentTime, end: () => out.duration };
    // Cut short (a pause, a seek, another track): the outgoing one stops at once.
    this.fades.out(out, outLevel, clock, seconds, () => {
      if (!out.ended) out.pause();
    });
    this.fades.in(incoming, inLevel, () => incoming.currentTime, seconds);
  }

  private applyPendingSeek(): void {
    if (this.pendingSeek === null || this.audio.readyState < HTMLMediaElement.HAVE_METADATA) return;
    this.audio.currentTime = this.pendingSeek;
    this.pendingSeek = null;
  }

  private create(role: 'active' | 'spare', volume: number): HTMLAudioElement {
    const el = createDeckElement(role, volume);
    // Both elements report, but only the active one speaks for the player.
    const speaks = () => el === this.audio;
    const on = listenWhile(el, speaks);
    reportElement(el, speaks, this.events, {
      metadata: () => this.applyPendingSeek(),
      tick: () => this.handover.evaluate(),
    });
    for (const type of ['play', 'playing', 'seeked', 'ratechange', 'durationchange'] as const)
      on(type, () => this.handover.evaluate());
    for (const type of ['pause', 'seeking', 'waiting', 'emptied', 'ended'] as const)
      on(type, () => this.handover.cancel());
    // The outgoing element of a hand-over ends as the spare: then the next preload may load.
    // Not at the pause that precedes `ended`: a new src then would swallow the `ended`.
    for (const type of ['ended', 'pause'] as const)
      el.addEventListener(type, () => {
        if (el === this.spare && (type === 'ended' || !el.ended)) this.finishOutgoing();
      });
    // The spare becoming ready may be what allows a hand-over already due.
    el.addEventListener('canplay', () => {
      if (el === this.spare) this.handover.evaluate();
    });
    return el;
  }
}
