import type { Track } from '../../../../domain/track';
import { castAddress } from '../api/cast-address';
import type { Deck, DeckEvents } from './deck';
import {
  bufferedEndAround,
  createDeckElement,
  releaseElement,
  reportElement,
} from './deck-element';

/** Where a speaker fetches a track, and until when (ms since the epoch) it may. */
export interface SpeakerAddress {
  url: string;
  expiresAt: number;
}

/** A fresh signed address of a library file; an external track's own, which never expires. */
const speakerAddress = async (track: Track): Promise<SpeakerAddress> => {
  if (track.fileId === undefined || track.external) return { url: track.url, expiresAt: Infinity };
  const link = await castAddress(track.fileId);
  return { url: link.url, expiresAt: Date.parse(link.expiresAt) };
};

/** A play this close to the address's expiry asks for a new one first (the speaker refetches). */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The deck the queue plays on while the user casts to a speaker (issue 50): one plain element,
 * the one the browser's Remote Playback API connected, so it stays the same for every track
 * (the element deck swaps elements at each change, the gapless deck feeds a MediaSource: a
 * speaker can take neither). Each track's source is a fresh signed cast address, asked right
 * before it loads (it expires); the next track starts at `ended`, nothing is preloaded.
 *
 * While nothing is cast it holds the current track's own address with `preload="none"` (never
 * fetched): that source is what the browser judges castable and what its picker offers.
 */
export class CastDeck implements Deck {
  readonly element: HTMLAudioElement;
  /** Holds a track of its own (between `load` and `clear`). */
  private live = false;
  /** The signed address of the current track is on its way: the element is silent. */
  private fetching = false;
  /** Counts loads: an address arriving for an older one is dropped. */
  private sequence = 0;
  private ready: Promise<void> = Promise.resolve();
  private wantPlay = false;
  private pendingSeek: number | null = null;
  private track: Track | undefined;
  private expiresAt = Infinity;

  constructor(
    volume: number,
    private readonly events: DeckEvents,
    /** Where the speaker fetches `track` (a signed address for library files). */
    private readonly address: (track: Track) => Promise<SpeakerAddress> = speakerAddress,
  ) {
    const el = createDeckElement('cast', volume);
    el.preload = 'none';
    this.element = el;
    reportElement(el, () => this.live && !this.fetching, this.events, {
      metadata: () => this.applyPendingSeek(),
    });
  }

  /** Not casting: the current track's own address, for the browser's availability check. */
  cue(url: string | undefined): void {
    if (this.live) return;
    if (url === undefined) releaseElement(this.element);
    else if (this.element.getAttribute('src') !== url) this.element.src = url;
  }

  get duration(): number {
    return this.element.duration;
  }
  get position(): number {
    return this.pendingSeek ?? this.element.currentTime;
  }
  get bufferedEnd(): number {
    return bufferedEndAround(this.element, this.position);
  }
  get playing(): boolean {
    return this.fetching ? this.wantPlay : !this.element.paused && !this.element.ended;
  }
  get paused(): boolean {
    return this.fetching ? !this.wantPlay : this.element.paused;
  }
  get playbackRate(): number {
    return this.element.playbackRate;
  }
  get loaded(): boolean {
    return this.live;
  }
  /** Never fades (deck-pair.ts asks every deck). */
  get fadingOut(): boolean {
    return false;
  }

  load(track: Track, position: number): void {
    this.live = true;
    this.track = track;
    this.fetching = true;
    const ticket = (this.sequence += 1);
    this.pendingSeek = position;
    // The track that played goes quiet now; its events are not heard while fetching.
    this.element.pause();
    this.element.preload = 'auto';
    this.ready = this.address(track).then(({ url, expiresAt }) => {
      if (ticket !== this.sequence) return;
      this.fetching = false;
      this.expiresAt = expiresAt;
      this.element.src = url;
    });
    // A failed address is the `play()` caller's to report.
    this.ready.catch(() => undefined);
  }

  /** Nothing is preloaded: the next track's address is asked when it starts. */
  preload(): void {}
  planFade(): void {}
  fadeIn(): void {}
  fadeOut(): void {
    this.clear();
  }

  play(): Promise<void> {
    // Paused past its address's life: the same track again, where it was, on a new address.
    const stale = !this.fetching && Date.now() > this.expiresAt - EXPIRY_MARGIN_MS;
    if (this.live && stale && this.track) this.load(this.track, this.position);
    this.wantPlay = true;
    const ticket = this.sequence;
    return this.ready.then(() =>
      ticket === this.sequence && this.wantPlay ? this.element.play() : undefined,
    );
  }

  pause(): void {
    this.wantPlay = false;
    this.element.pause();
  }

  seek(seconds: number): void {
    if (this.fetching || this.element.readyState < HTMLMediaElement.HAVE_METADATA)
      this.pendingSeek = seconds;
    else this.element.currentTime = seconds;
  }

  setVolumes(active: number): void {
    this.element.volume = active;
  }

  clear(): void {
    this.live = false;
    this.fetching = false;
    this.sequence += 1;
    this.wantPlay = false;
    this.pendingSeek = null;
    this.track = undefined;
    this.expiresAt = Infinity;
    this.ready = Promise.resolve();
    releaseElement(this.element);
    this.element.preload = 'none';
  }

  private applyPendingSeek(): void {
    if (this.pendingSeek === null) return;
    this.element.currentTime = this.pendingSeek;
    this.pendingSeek = null;
  }
}
