import type { Track } from '../../../../domain/track';
import { AudioDeck } from './audio-deck';
import type { Deck, DeckEvents } from './deck';
import { GaplessDeck, gaplessSupported } from './gapless-deck';

/**
 * The engine's one deck: the gapless deck (decision 0052) for every track it can play, the
 * two-element hand-over (decision 0029) for the rest: gapless off, a browser without MSE FLAC,
 * external tracks, offline (the service worker holds the original stream URLs), and a track
 * whose gapless stream failed. Only the deck in use reaches the engine.
 */
export class DeckPair implements Deck {
  private readonly twin: AudioDeck;
  private readonly gapless: GaplessDeck | null;
  private active: Deck;
  private enabled = false;
  /** Tracks (by stream URL) whose gapless stream failed: they play on the element deck. */
  private readonly failedUrls = new Set<string>();
  private next: Track | undefined;
  private repeatOne = false;
  /** Play was asked and no pause since: a fallback mid-track keeps playing. */
  private wantPlay = false;

  constructor(
    volume: number,
    private readonly events: DeckEvents,
  ) {
    const from = (deck: () => Deck | null): DeckEvents => {
      const speaking = () => this.active === deck();
      return Object.fromEntries(
        (Object.keys(events) as (keyof DeckEvents)[]).map((name) => [
          name,
          (...args: [number]) => {
            if (speaking()) (events[name] as (...a: [number]) => void)(...args);
          },
        ]),
      ) as unknown as DeckEvents;
    };
    this.twin = new AudioDeck(
      volume,
      from(() => this.twin),
    );
    this.gapless = gaplessSupported()
      ? new GaplessDeck(volume, {
          ...from(() => this.gapless),
          failed: (track, current, position) => this.fallBack(track, current, position),
        })
      : null;
    this.active = this.twin;
  }

  /** Turns gapless playback on or off; answers whether `track` must be loaded again. */
  setGapless(enabled: boolean, track: Track | undefined): boolean {
    this.enabled = enabled;
    return track !== undefined && this.deckFor(track) !== this.active;
  }

  /** Which deck is in use: `gapless` or `element` (also for tests and diagnostics). */
  get kind(): 'gapless' | 'element' {
    return this.active === this.twin ? 'element' : 'gapless';
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

  load(track: Track, position: number, handOver = false): void {
    const deck = this.deckFor(track);
    if (deck !== this.active) {
      this.active.clear();
      this.active = deck;
      this.events.swap();
      deck.load(track, position, false);
      return;
    }
    deck.load(track, position, handOver);
  }

  /** `repeatOne`: the next track is the current one again (only the gapless deck joins it). */
  preload(track: Track | undefined, repeatOne = false): void {
    this.next = track;
    this.repeatOne = repeatOne;
    const joins = track !== undefined && this.deckFor(track) === this.active;
    const twinRepeat = repeatOne && this.active === this.twin;
    this.active.preload(joins && !twinRepeat ? track : undefined);
  }

  play(): Promise<void> {
    this.wantPlay = true;
    return this.active.play();
  }

  pause(): void {
    this.wantPlay = false;
    this.active.pause();
  }

  seek(seconds: number): void {
    this.active.seek(seconds);
  }

  /** Both decks: the one set aside takes over at the same level after a fallback. */
  setVolumes(active: number, next: number): void {
    this.twin.setVolumes(active, next);
    this.gapless?.setVolumes(active);
  }

  clear(): void {
    this.wantPlay = false;
    this.active.clear();
  }

  private deckFor(track: Track): Deck {
    const online = typeof navigator === 'undefined' || navigator.onLine;
    const usable =
      this.enabled && online && track.fileId !== undefined && !this.failedUrls.has(track.url);
    return usable && this.gapless ? this.gapless : this.twin;
  }

  /** The gapless stream failed: this track plays on the element deck, from where it was. */
  private fallBack(track: Track, current: boolean, position: number): void {
    this.failedUrls.add(track.url);
    if (!current || this.active !== this.gapless) return;
    const resume = this.wantPlay;
    this.load(track, position);
    this.preload(this.next, this.repeatOne);
    if (resume) void this.play().catch(() => undefined);
  }
}
