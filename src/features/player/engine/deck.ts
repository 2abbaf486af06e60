import type { Track } from '../../../../domain/track';

/**
 * What the engine hears from a deck. Only the deck that plays speaks (deck-pair.ts), so a deck
 * being cleared or set aside never moves the player.
 */
export interface DeckEvents {
  play(): void;
  /** A pause the user (or code) asked for; the pause that precedes `ended` is not reported. */
  pause(): void;
  ended(): void;
  /** A real duration became known for the current track. */
  duration(seconds: number): void;
  /** Seek, rate change or metadata: the Media Session position must be refreshed. */
  position(): void;
  /** Roughly every 250 ms while playing. */
  tick(): void;
  /** The element (or clock) listeners are bound to changed: wavesurfer must rebind. */
  swap(): void;
  /**
   * The current track runs out now and the deck already holds the next one: the engine moves
   * on (`handOver`) with the same step as `ended`, without reloading anything.
   */
  ending(): void;
}

/**
 * A way of sounding the queue: the two-element hand-over (audio-deck.ts, decision 0029) or one
 * MediaSource fed track after track (gapless-deck.ts, decision 0052).
 */
export interface Deck {
  /** What wavesurfer binds to: an element whose clock is the current track's. */
  readonly element: HTMLAudioElement;
  /** Seconds into the current track. */
  readonly position: number;
  /** Seconds into the current track where the loaded data around the position ends. */
  readonly bufferedEnd: number;
  readonly playing: boolean;
  readonly paused: boolean;
  readonly playbackRate: number;
  /** Whether a track is loaded. */
  readonly loaded: boolean;
  /**
   * Makes `track` the current one at `position`. `handOver`: the scheduled move to the track
   * `preload` named, a few ms (two elements) or zero samples (MediaSource) before the end.
   */
  load(track: Track, position: number, handOver?: boolean): void;
  /** The track that follows when this one ends (`undefined`: none; nothing is scheduled). */
  preload(track: Track | undefined): void;
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
  /** The current track's level and the preloaded one's. */
  setVolumes(active: number, next: number): void;
  clear(): void;
}
