import { crossfades, fadeLength } from '../../../../domain/crossfade';
import { playsGapless, type GaplessMode } from '../../../../domain/gapless';
import type { Track } from '../../../../domain/track';
import { AudioDeck } from './audio-deck';
import { CastDeck } from './cast-deck';
import type { Deck, DeckEvents } from './deck';
import { setElementRate } from './deck-element';
import { GaplessDeck } from './gapless-deck';
import { gaplessSupported } from '../../../common/playback/gapless-copy';

type AnyDeck = AudioDeck | GaplessDeck | CastDeck;

/**
 * The engine's one deck: the gapless deck (decisions 0052 and 0060) for every track it can play,
 * the two-element hand-over (decision 0029) for the rest: tracks the gapless setting leaves out
 * (by default previews), a browser without MSE FLAC, external tracks, and a track whose gapless
 * stream failed (offline, one not saved: the service worker answers a saved track's gapless
 * stream from its one saved copy). Only the deck in use reaches the engine.
 *
 * Crossfade (decision 0052 "Crossfade"): a change that fades runs on two elements at once. The
 * outgoing deck fades its track out to its end and empties itself, set aside (its events no
 * longer reach the engine); the next track fades in on another deck: the twin's spare (two
 * element tracks), the twin (into a track the gapless deck cannot take), or a second gapless
 * deck, so the album that may follow keeps its sample-accurate changes.
 *
 * Casting (issue 50): while the browser's Remote Playback connection is up, every track plays on
 * the cast deck (cast-deck.ts, one element with signed addresses), with no preload and no fade.
 */
export class DeckPair implements Deck {
  private readonly twin: AudioDeck;
  /** The element the Remote Playback API watches and connects (cast-deck.ts). */
  private readonly cast: CastDeck;
  private remoting = false;
  /** The gapless decks: the second is made at the first crossfade between two gapless tracks. */
  private readonly gaplessDecks: GaplessDeck[] = [];
  /** The gapless deck new tracks go to. */
  private gapless: GaplessDeck | null = null;
  private active: AnyDeck;
  private mode: GaplessMode = 'off';
  /** Tracks (by stream URL) whose gapless stream failed: they play on the element deck. */
  private readonly failedUrls = new Set<string>();
  /**
   * The server refused a gapless stream for the role's speed limit: every track keeps to the
   * element deck, whose spare preloads the next one (a refusal per track would start each cold).
   */
  private refused = false;
  private current: Track | undefined;
  private next: Track | undefined;
  private repeatOne = false;
  /** Play was asked and no pause since: a fallback mid-track keeps playing. */
  private wantPlay = false;
  /** The crossfade setting, seconds (0: off). */
  private crossfade = 0;
  /** Where the planned change to `next` fades in; null: it does not fade. */
  private fadeTarget: AnyDeck | null = null;
  /** The current track's playback rate (issue 49: episodes and long tracks; music plays at 1). */
  private rate = 1;

  constructor(
    private readonly volume: number,
    private readonly events: DeckEvents,
  ) {
    this.twin = new AudioDeck(
      volume,
      this.from(() => this.twin),
    );
    this.cast = new CastDeck(
      volume,
      this.from(() => this.cast),
    );
    this.gapless = gaplessSupported() ? this.makeGapless() : null;
    this.active = this.twin;
  }

  /** Which tracks play gapless; answers whether `track` must be loaded again. */
  setGapless(mode: GaplessMode, track: Track | undefined): boolean {
    this.mode = mode;
    return track !== undefined && this.deckFor(track) !== this.active;
  }

  /**
   * Whether the queue plays through the Remote Playback connection; answers whether `track`
   * must be loaded again (it moves deck, at the position it had reached).
   */
  setRemoting(on: boolean, track: Track | undefined): boolean {
    this.remoting = on;
    return track !== undefined && this.deckFor(track) !== this.active;
  }

  /** The element whose `remote` the engine watches and prompts (remote-watch.ts). */
  get castElement(): HTMLAudioElement {
    return this.cast.element;
  }

  /** Crossfade over `seconds` (0: off); the engine plans the next change again after it. */
  setCrossfade(seconds: number): void {
    this.crossfade = seconds;
  }

  /** Which deck is in use: `gapless` or `element` (also for tests and diagnostics). */
  get kind(): 'gapless' | 'element' {
    // The cast deck is one plain element too.
    return this.active instanceof GaplessDeck ? 'gapless' : 'element';
  }

  get element(): HTMLAudioElement {
    return this.active.element;
  }
  get position(): number {
    return this.active.position;
  }
  get bufferedEnd(): number {
    return this.active.bufferedEnd;
  }
  get playing(): boolean {
    return this.active.playing;
  }
  get paused(): boolean {
    return this.active.paused;
  }
  get playbackRate(): number {
    return this.active.playbackRate;
  }
  get loaded(): boolean {
    return this.active.loaded;
  }

  /** `rate`: the track's playback rate, kept by whichever deck sounds it (a fallback too). */
  load(track: Track, position: number, handOver = false, rate = this.rate): void {
    const planned = handOver && track.url === this.next?.url ? this.fadeTarget : null;
    this.current = track;
    this.rate = rate;
    // A change the listener made (not the planned one) ends every fade at once.
    if (!handOver) this.stopFades();
    if (planned && planned !== this.active) return this.fadeInto(planned, track);
    const deck = this.deckFor(track);
    if (deck !== this.active) {
      this.active.clear();
      this.active = deck;
      this.events.swap();
      deck.load(track, position, false);
    } else deck.load(track, position, handOver);
    this.setRate(this.rate);
    if (!this.remoting) this.cast.cue(track.url);
  }

  /** The current track's rate changes (the speed setting); a track fading out keeps its own. */
  setRate(rate: number): void {
    this.rate = rate;
    setElementRate(this.active.element, rate);
  }

  /** `repeatOne`: the next track is the current one again (only the gapless deck joins it). */
  preload(track: Track | undefined, repeatOne = false): void {
    this.next = track;
    this.repeatOne = repeatOne;
    this.fadeTarget = null;
    const active = this.active;
    if (active === this.cast) return;
    if (track && crossfades(this.crossfade, this.current, track, repeatOne)) {
      const target = this.fadeTargetFor(track);
      this.fadeTarget = target;
      if (target === active) {
        // Two element tracks: the twin's spare takes the next one and the twin fades.
        this.twin.planFade(this.crossfade, false);
        this.twin.preload(track);
        return;
      }
      if (active === this.twin) this.twin.planFade(this.crossfade, true);
      else active.planFade(this.crossfade);
      active.preload(undefined);
      // The twin's spare is warm by the time the fade starts; a gapless deck starts its
      // stream then (the fade-in follows its own clock, so a late start only shortens it).
      if (target === this.twin) this.twin.preload(track);
      return;
    }
    if (active === this.twin) this.twin.planFade(0);
    else active.planFade(0);
    const joins = track !== undefined && this.deckFor(track) === active;
    const twinRepeat = repeatOne && active === this.twin;
    active.preload(joins && !twinRepeat ? track : undefined);
  }

  play(): Promise<void> {
    this.wantPlay = true;
    return this.active.play();
  }

  pause(): void {
    this.wantPlay = false;
    this.stopFades();
    this.active.pause();
  }

  seek(seconds: number): void {
    this.stopFades();
    this.active.seek(seconds);
  }

  /**
   * Every deck but one fading out: the one set aside takes over at the same level after a
   * fallback; a fading one keeps the level of the track it fades.
   */
  setVolumes(active: number, next: number): void {
    if (!this.twin.fadingOut) this.twin.setVolumes(active, next);
    this.cast.setVolumes(active);
    for (const deck of this.gaplessDecks) if (!deck.fadingOut) deck.setVolumes(active);
  }

  clear(): void {
    this.wantPlay = false;
    this.stopFades();
    this.active.clear();
    this.cast.cue(undefined);
  }

  private deckFor(track: Track): AnyDeck {
    if (this.remoting) return this.cast;
    return this.gapless && this.usable(track) ? this.gapless : this.twin;
  }

  private usable(track: Track): boolean {
    if (this.refused || this.failedUrls.has(track.url)) return false;
    return playsGapless(this.mode, track);
  }

  /** The deck a crossfade to `track` comes in on: never the one whose track fades out. */
  private fadeTargetFor(track: Track): AnyDeck {
    if (!this.gapless || !this.usable(track)) return this.twin;
    if (this.active === this.twin) return this.gapless;
    return this.gaplessDecks.find((deck) => deck !== this.active) ?? this.makeGapless();
  }

  /** The planned crossfade starts: the active deck fades out, `target` takes `track` in. */
  private fadeInto(target: AnyDeck, track: Track): void {
    const from = this.active;
    const seconds = fadeLength(this.crossfade, from.duration);
    from.fadeOut();
    this.active = target;
    if (target instanceof GaplessDeck) this.gapless = target;
    this.events.swap();
    target.load(track, 0, false);
    this.setRate(this.rate);
    target.fadeIn(seconds);
  }

  /** Decks set aside while fading out stop now (a pause, a seek, another track). */
  private stopFades(): void {
    for (const deck of [this.twin, ...this.gaplessDecks])
      if (deck !== this.active && deck.fadingOut) deck.clear();
  }

  private makeGapless(): GaplessDeck {
    const deck: GaplessDeck = new GaplessDeck(this.volume, {
      ...this.from(() => deck),
      failed: (track, current, position, refused) => {
        if (refused) this.refused = true;
        this.fallBack(deck, track, current, position);
      },
    });
    this.gaplessDecks.push(deck);
    return deck;
  }

  /** Events of `deck()` reach the engine only while it is the deck in use. */
  private from(deck: () => Deck): DeckEvents {
    const events = this.events;
    return Object.fromEntries(
      (Object.keys(events) as (keyof DeckEvents)[]).map((name) => [
        name,
        (...args: [number]) => {
          if (this.active === deck()) (events[name] as (...a: [number]) => void)(...args);
        },
      ]),
    ) as unknown as DeckEvents;
  }

  /** The gapless stream failed: this track plays on the element deck, from where it was. */
  private fallBack(deck: GaplessDeck, track: Track, current: boolean, position: number): void {
    this.failedUrls.add(track.url);
    if (!current || this.active !== deck) return;
    const resume = this.wantPlay;
    this.load(track, position);
    this.preload(this.next, this.repeatOne);
    if (resume) void this.play().catch(() => undefined);
  }
}
