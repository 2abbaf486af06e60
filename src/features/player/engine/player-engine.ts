import { getDefaultStore } from 'jotai';
import {
  append,
  nextRepeatMode,
  removeAt,
  stepEnded,
  stepJump,
  stepNext,
  stepPrevious,
  type QueueState,
  type QueueStep,
} from '../../../../domain/queue';
import type { Track } from '../../../../domain/track';
import { notify } from '../../../lib/notify';
import { playerStrings } from '../strings';
import {
  durationAtom,
  indexAtom,
  pausedAtom,
  queueAtom,
  readStoredVolume,
  repeatAtom,
  volumeAtom,
  writeStoredVolume,
} from '../state/player-atoms';
import { AudioDeck } from './audio-deck';
import { createMediaSessionAdapter, detectIOS, type MediaSessionAdapter } from './media-session';
import { loadPlayer, savePlayer } from './persistence';

type Store = ReturnType<typeof getDefaultStore>;
const SAVE_POSITION_MS = 5000;

/**
 * The only code that touches the audio elements and navigator.mediaSession (ARCHITECTURE.md).
 * It lives outside React so a track ending with the screen locked starts the next one from the
 * element's `ended` event, with no render in between. React reads the atoms it writes.
 */
export class PlayerEngine {
  private readonly deck: AudioDeck;
  private readonly session: MediaSessionAdapter;
  private idleWaiters: Array<() => void> = [];
  private elementListeners = new Set<() => void>();
  private baseTitle: string | null = null;
  private lastSaved = 0;
  private unmutedVolume = 1; // the level a mute came from, which unmuting restores

  constructor(private readonly store: Store) {
    this.store.set(volumeAtom, readStoredVolume(globalThis.localStorage));
    this.deck = new AudioDeck(this.store.get(volumeAtom), {
      play: () => {
        this.store.set(pausedAtom, false);
        this.session.setPlaybackState('playing');
        this.updatePosition();
        this.showTitle();
      },
      pause: () => this.settlePaused(),
      ended: () => this.perform(stepEnded(this.state())),
      duration: (seconds) => this.store.set(durationAtom, seconds),
      position: () => this.updatePosition(),
      tick: () => {
        if (Date.now() - this.lastSaved > SAVE_POSITION_MS) this.persist();
      },
      swap: () => this.elementListeners.forEach((listener) => listener()),
    });
    this.session = createMediaSessionAdapter(
      {
        mediaSession: 'mediaSession' in navigator ? navigator.mediaSession : undefined,
        MediaMetadata: typeof MediaMetadata === 'undefined' ? undefined : MediaMetadata,
        isIOS: detectIOS(navigator),
      },
      {
        play: () => this.play(),
        pause: () => this.pause(),
        stop: () => this.stop(),
        previous: () => this.previous(),
        next: () => this.next(),
        seekTo: (seconds) => this.seek(seconds),
        seekBy: (offset) => this.seek(this.position + offset),
      },
    );
    window.addEventListener('pagehide', () => this.persist());
  }

  /** The element wavesurfer binds to; it changes when the preloaded element takes over. */
  get element(): HTMLAudioElement {
    return this.deck.element;
  }

  get position(): number {
    return this.deck.position;
  }

  /** Seconds: where the data loaded around the position ends. */
  get bufferedEnd(): number {
    return this.deck.bufferedEnd;
  }

  get isPlaying(): boolean {
    return this.deck.playing;
  }

  onElementChange(listener: () => void): () => void {
    this.elementListeners.add(listener);
    return () => this.elementListeners.delete(listener);
  }

  /** Runs `callback` once nothing is playing (service-worker updates wait for this). */
  whenIdle(callback: () => void): void {
    if (this.isPlaying) this.idleWaiters.push(callback);
    else callback();
  }

  /** Brings back the queue saved before a reload, paused at the same position. */
  async restore(): Promise<void> {
    const saved = await loadPlayer();
    if (!saved || this.store.get(queueAtom).length > 0) return;
    this.store.set(queueAtom, saved.queue);
    this.store.set(repeatAtom, saved.repeat);
    this.load(saved.index, false, saved.position);
  }

  playTracks(tracks: Track[], startIndex = 0): void {
    if (tracks.length === 0) return;
    this.store.set(queueAtom, tracks);
    this.load(Math.min(Math.max(startIndex, 0), tracks.length - 1), true);
  }

  enqueue(tracks: Track[]): void {
    const before = this.state();
    const after = append(before, tracks);
    this.store.set(queueAtom, [...after.queue]);
    if (before.index < 0 && after.index >= 0) this.load(after.index, false);
    else this.preloadNext();
    this.persist();
  }

  play(): void {
    if (!this.deck.src) return;
    this.deck.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      notify(navigator.onLine ? playerStrings.playFailed : playerStrings.notOffline);
    });
  }

  pause(): void {
    this.deck.pause();
  }

  toggle(): void {
    if (this.deck.paused) this.play();
    else this.pause();
  }

  next(): void {
    this.perform(stepNext(this.state()));
  }

  previous(): void {
    this.perform(stepPrevious(this.state()));
  }

  jump(index: number): void {
    const step = stepJump(this.state(), index);
    if (step) this.perform(step);
  }

  remove(index: number): void {
    const after = removeAt(this.state(), index);
    this.store.set(queueAtom, [...after.queue]);
    this.store.set(indexAtom, after.index);
    this.preloadNext();
    this.persist();
  }

  toggleRepeat(): void {
    this.store.set(repeatAtom, nextRepeatMode(this.store.get(repeatAtom)));
    this.preloadNext();
    this.persist();
  }

  /** Stopping clears the queue and the index (spec part 1, section 4). */
  stop(): void {
    this.deck.clear();
    this.store.set(queueAtom, []);
    this.store.set(indexAtom, -1);
    this.store.set(durationAtom, 0);
    this.session.setTrack(null);
    this.settlePaused('none');
  }

  seek(seconds: number): void {
    const duration = this.store.get(durationAtom);
    const target = Math.max(0, Math.min(seconds, duration > 0 ? duration : seconds));
    if (Number.isFinite(target)) this.deck.seek(target);
  }

  toggleMute(): void {
    const volume = this.store.get(volumeAtom);
    if (volume > 0) this.unmutedVolume = volume;
    this.setVolume(volume > 0 ? 0 : this.unmutedVolume);
  }

  setVolume(volume: number): void {
    const value = Math.min(1, Math.max(0, volume));
    this.deck.setVolume(value);
    this.store.set(volumeAtom, value);
    writeStoredVolume(globalThis.localStorage, value);
  }

  private state(): QueueState<Track> {
    return {
      queue: this.store.get(queueAtom),
      index: this.store.get(indexAtom),
      repeat: this.store.get(repeatAtom),
    };
  }

  private perform(step: QueueStep): void {
    switch (step.kind) {
      case 'play':
        this.load(step.index, true);
        return;
      case 'rewind':
        // Skipping past the bounds (or the last track ending with repeat none).
        if (step.index !== this.store.get(indexAtom)) this.load(step.index, false);
        this.deck.pause();
        this.seek(0);
        this.settlePaused();
        return;
      case 'stop':
        this.stop();
        return;
    }
  }

  /** Paused (or stopped): state, lock screen, title, saved position, waiting updates. */
  private settlePaused(state: MediaSessionPlaybackState = 'paused'): void {
    this.store.set(pausedAtom, true);
    this.session.setPlaybackState(state);
    this.updatePosition();
    if (this.baseTitle !== null) document.title = this.baseTitle;
    this.baseTitle = null;
    this.persist();
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    waiters.forEach((callback) => callback());
  }

  private load(index: number, autoplay: boolean, position = 0): void {
    const track = this.store.get(queueAtom)[index];
    if (!track) return;
    this.store.set(indexAtom, index);
    this.store.set(durationAtom, track.duration);
    this.deck.load(track.url, position);
    this.session.setTrack(track);
    if (autoplay) this.play();
    else {
      this.store.set(pausedAtom, true);
      this.session.setPlaybackState('paused');
    }
    this.preloadNext();
    this.persist();
  }

  /** The track that will follow when this one ends (per repeat mode) loads in the spare. */
  private preloadNext(): void {
    const state = this.state();
    const step = stepEnded(state);
    if (step.kind === 'play' && step.index !== state.index)
      this.deck.preload(state.queue[step.index]?.url);
  }

  private updatePosition(): void {
    this.session.setPosition(this.store.get(durationAtom), this.position, this.deck.playbackRate);
  }

  private showTitle(): void {
    const track = this.store.get(queueAtom)[this.store.get(indexAtom)];
    if (!track) return;
    this.baseTitle ??= document.title;
    document.title = [track.artists[0], track.title].filter(Boolean).join(' - ');
  }

  private persist(): void {
    this.lastSaved = Date.now();
    void savePlayer({
      ...this.state(),
      queue: [...this.store.get(queueAtom)],
      position: this.position,
    });
  }
}

let engine: PlayerEngine | null = null;

/** The single engine, created on first use in the browser. */
export function getPlayerEngine(): PlayerEngine {
  engine ??= new PlayerEngine(getDefaultStore());
  return engine;
}
