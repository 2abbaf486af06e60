import type { NormaliseMode } from '../../../../domain/loudness-gain';
import {
  append,
  moveAt,
  nextRepeatMode,
  removeAt,
  stepJump,
  stepNext,
  stepPrevious,
  type QueueState,
} from '../../../../domain/queue';
import type { Track } from '../../../../domain/track';
import { speedSetting } from '../../../../domain/long-listening';
import { speedAtom, writeStoredSpeed } from '../state/long-listening-atoms';
import { currentTrackAtom, indexAtom, queueAtom, repeatAtom } from '../state/player-atoms';
import { EngineCore } from './engine-core';
import { loadPlayer } from './persistence';

/**
 * The only code that touches the audio elements and navigator.mediaSession (ARCHITECTURE.md).
 * It lives outside React so a track ending with the screen locked starts the next one from the
 * element's `ended` event, with no render in between. React reads the atoms it writes.
 */
export class PlayerEngine extends EngineCore {
  /** The element wavesurfer binds to; it changes when the preloaded element takes over. */
  get element(): HTMLAudioElement {
    return this.deck.element;
  }

  /** Seconds: where the data loaded around the position ends. */
  get bufferedEnd(): number {
    return this.deck.bufferedEnd;
  }

  get isPlaying(): boolean {
    return this.deck.playing;
  }

  /** The browser's speaker picker (issue 50's cast button); a dismissed picker rejects. */
  castPrompt(): Promise<void> {
    return this.remote?.prompt() ?? Promise.resolve();
  }

  onElementChange(listener: () => void): () => void {
    this.elementListeners.add(listener);
    return () => this.elementListeners.delete(listener);
  }

  /** Called after every seek, whoever asked for it (the bar, the lock screen, another device). */
  onSeek(listener: () => void): () => void {
    this.seekListeners.add(listener);
    return () => this.seekListeners.delete(listener);
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

  /**
   * Replaces what comes after the current track, which plays on (a listening party's order,
   * issue 50): the next track is the first of `upcoming` when this one ends.
   */
  replaceUpcoming(upcoming: Track[]): void {
    const state = this.state();
    this.edit({ ...state, queue: [...state.queue.slice(0, state.index + 1), ...upcoming] });
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

  toggleMute(): void {
    this.volume.toggleMute(this.spareIndex);
  }

  setVolume(volume: number): void {
    this.volume.setVolume(volume, this.spareIndex);
  }

  setNormalise(mode: NormaliseMode): void {
    this.volume.setNormalise(mode, this.spareIndex);
  }

  /** This device's speed for episodes and long tracks (issue 49); music stays at 1x. */
  setSpeed(speed: number): void {
    const value = speedSetting(speed);
    this.store.set(speedAtom, value);
    writeStoredSpeed(globalThis.localStorage, value);
    this.deck.setRate(this.long.rate(this.store.get(currentTrackAtom)));
  }
}
