import { getDefaultStore } from 'jotai';
import type { NormaliseMode } from '../../../../domain/loudness-gain';
import {
  append,
  moveAt,
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
import { durationAtom, indexAtom, pausedAtom, queueAtom, repeatAtom } from '../state/player-atoms';
import { ListenTracker } from '../api/listens';
import { AudioDeck } from './audio-deck';
import { mirrorNowPlaying } from './engine-mirrors';
import { browserMediaSession, type MediaSessionAdapter } from './media-session';
import { loadPlayer } from './persistence';
import { PlayingTitle } from './playing-title';
import { SavedState } from './saved-state';
import { VolumeControl } from './volume-control';

type Store = ReturnType<typeof getDefaultStore>;

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
  private readonly title = new PlayingTitle();
  private readonly saved = new SavedState(() => ({
    ...this.state(),
    queue: [...this.store.get(queueAtom)],
    position: this.position,
  }));
  private readonly volume: VolumeControl;
  private spareIndex = -1; // the queue index the spare element preloads
  /** Scrobbling: now playing at a start, a listen at the end (features/player/api/listens). */
  private readonly listens = new ListenTracker();

  constructor(private readonly store: Store) {
    this.volume = new VolumeControl(store, (levels) => this.deck.setVolumes(...levels));
    this.deck = new AudioDeck(this.volume.level, {
      play: () => {
        this.store.set(pausedAtom, false);
        this.session.setPlaybackState('playing');
        this.updatePosition();
        this.title.show(this.store.get(queueAtom)[this.store.get(indexAtom)]);
        this.listens.playing(this.position);
      },
      pause: () => this.settlePaused(),
      ended: () => {
        this.listens.finish();
        this.perform(stepEnded(this.state()));
      },
      duration: (seconds) => this.store.set(durationAtom, seconds),
      position: () => this.updatePosition(),
      tick: () => {
        this.listens.progress(this.position, this.deck.playbackRate);
        this.saved.saveIfStale();
      },
      swap: () => this.elementListeners.forEach((listener) => listener()),
      ending: () => this.handOver(),
    });
    this.session = browserMediaSession(this);
    window.addEventListener('pagehide', () => {
      this.listens.finish();
      this.saved.save();
    });
    mirrorNowPlaying(this.store);
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

  /** Runs `callback` once nothing plays and the saved state is written (a reload may follow). */
  whenIdle(callback: () => void): void {
    if (this.isPlaying) this.idleWaiters.push(callback);
    else void this.saved.written().then(callback);
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

  /** Replaces the queue, paused at `position` seconds of `index` (a queue from another device). */
  cueTracks(tracks: Track[], index: number, position: number): void {
    if (tracks.length === 0) return;
    this.deck.pause();
    this.store.set(queueAtom, tracks);
    this.load(Math.min(Math.max(index, 0), tracks.length - 1), false, position);
  }

  enqueue(tracks: Track[]): void {
    const before = this.state();
    const after = append(before, tracks);
    this.store.set(queueAtom, [...after.queue]);
    if (before.index < 0 && after.index >= 0) this.load(after.index, false);
    else this.preloadNext();
    this.saved.save();
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
    this.edit(removeAt(this.state(), index));
  }

  /** Reorders the queue; what plays keeps playing, the preloaded next track follows the order. */
  move(from: number, to: number): void {
    this.edit(moveAt(this.state(), from, to));
  }

  /** A queue edit that leaves the current track playing: the spare and the saved state follow. */
  private edit(after: QueueState<Track>): void {
    this.store.set(queueAtom, [...after.queue]);
    this.store.set(indexAtom, after.index);
    this.preloadNext();
    this.saved.save();
  }

  toggleRepeat(): void {
    this.store.set(repeatAtom, nextRepeatMode(this.store.get(repeatAtom)));
    this.preloadNext();
    this.saved.save();
  }

  /** Stopping clears the queue and the index (spec part 1, section 4). */
  stop(): void {
    this.listens.finish();
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
    this.volume.toggleMute(this.spareIndex);
  }

  setVolume(volume: number): void {
    this.volume.setVolume(volume, this.spareIndex);
  }

  setNormalise(mode: NormaliseMode): void {
    this.volume.setNormalise(mode, this.spareIndex);
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
    this.title.restore();
    this.saved.save();
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    void this.saved.written().then(() => waiters.forEach((callback) => callback()));
  }

  /**
   * The scheduled start of the next track a few ms before the current one ends: the same step
   * as `ended` (repeat modes included) and the same `load` path, so Media Session, now-playing,
   * the saved state and the gain follow as they do at `ended`. Anything but the preloaded next
   * track (the queue or repeat mode changed since) is left to `ended`.
   */
  private handOver(): void {
    if (!this.deck.playing) return;
    const step = stepEnded(this.state());
    if (step.kind === 'play' && step.index === this.spareIndex)
      this.load(step.index, true, 0, true);
  }

  private load(index: number, autoplay: boolean, position = 0, handOver = false): void {
    const track = this.store.get(queueAtom)[index];
    if (!track) return;
    this.store.set(indexAtom, index);
    this.listens.load(track);
    this.store.set(durationAtom, track.duration);
    this.deck.load(track.url, position, handOver);
    this.session.setTrack(track);
    this.preloadNext();
    if (autoplay) this.play();
    else {
      this.store.set(pausedAtom, true);
      this.session.setPlaybackState('paused');
    }
    this.saved.save();
  }

  /** The track that will follow when this one ends (per repeat mode) loads in the spare. */
  private preloadNext(): void {
    const state = this.state();
    const step = stepEnded(state);
    this.spareIndex = step.kind === 'play' && step.index !== state.index ? step.index : -1;
    // `undefined` also disarms a scheduled hand-over (repeat one, the last track, a removal).
    this.deck.preload(this.spareIndex >= 0 ? state.queue[this.spareIndex]?.url : undefined);
    this.volume.applyLevels(this.spareIndex);
  }

  private updatePosition(): void {
    this.session.setPosition(this.store.get(durationAtom), this.position, this.deck.playbackRate);
  }
}
