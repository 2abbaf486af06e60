import type { GaplessDeck } from './gapless-deck';

const FORWARDED = [
  'play',
  'pause',
  'playing',
  'timeupdate',
  'seeking',
  'seeked',
  'ratechange',
  'volumechange',
  'loadedmetadata',
  'durationchange',
  'canplay',
  'ended',
  'emptied',
  'error',
] as const;

/**
 * What wavesurfer binds to while the gapless deck plays: the one element's events, with the
 * current track's clock (its time on the MediaSource timeline minus the track's start), so the
 * waveform's progress is the track's and not the album's. wavesurfer only reads these members
 * of the media it is given (its own "external media" contract). The engine sets the rate
 * through it as through an element (deck-pair.ts, `setElementRate`).
 */
export class TrackClock extends EventTarget {
  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly deck: GaplessDeck,
  ) {
    super();
    for (const type of FORWARDED)
      audio.addEventListener(type, () => this.dispatchEvent(new Event(type)));
  }

  get currentTime(): number {
    return this.deck.position;
  }
  set currentTime(seconds: number) {
    this.deck.seek(seconds);
  }
  get duration(): number {
    return this.deck.duration;
  }
  get paused(): boolean {
    return this.audio.paused;
  }
  /** What is buffered of the current track, on its clock. */
  get buffered(): TimeRanges {
    const ranges = this.audio.buffered;
    const start = this.deck.trackStart;
    const list: [number, number][] = [];
    for (let i = 0; i < ranges.length; i += 1) {
      const from = Math.max(0, ranges.start(i) - start);
      const to = Math.min(this.deck.duration, ranges.end(i) - start);
      if (to > from) list.push([from, to]);
    }
    const at = (i: number, side: 0 | 1) => {
      const range = list[i];
      if (!range) throw new DOMException('No such range', 'IndexSizeError');
      return range[side];
    };
    return { length: list.length, start: (i) => at(i, 0), end: (i) => at(i, 1) };
  }
  get ended(): boolean {
    return this.audio.ended;
  }
  get seeking(): boolean {
    return this.audio.seeking;
  }
  get readyState(): number {
    return this.audio.readyState;
  }
  get src(): string {
    return this.audio.src;
  }
  get currentSrc(): string {
    return this.audio.currentSrc;
  }
  get volume(): number {
    return this.audio.volume;
  }
  get muted(): boolean {
    return this.audio.muted;
  }
  get playbackRate(): number {
    return this.audio.playbackRate;
  }
  set playbackRate(rate: number) {
    this.audio.playbackRate = rate;
  }
  get defaultPlaybackRate(): number {
    return this.audio.defaultPlaybackRate;
  }
  set defaultPlaybackRate(rate: number) {
    this.audio.defaultPlaybackRate = rate;
  }
  get preservesPitch(): boolean {
    return this.audio.preservesPitch;
  }
  set preservesPitch(on: boolean) {
    this.audio.preservesPitch = on;
  }
  play(): Promise<void> {
    return this.audio.play();
  }
  pause(): void {
    this.audio.pause();
  }
  canPlayType(type: string): CanPlayTypeResult {
    return this.audio.canPlayType(type);
  }
  /** `src`: the current track's stream URL, as the element deck's element would answer. */
  getAttribute(name: string): string | null {
    return name === 'src' ? (this.deck.track?.url ?? null) : this.audio.getAttribute(name);
  }
  // wavesurfer never owns this media: loading, removing and src changes are the engine's.
  load(): void {}
  remove(): void {}
  removeAttribute(): void {}
}
