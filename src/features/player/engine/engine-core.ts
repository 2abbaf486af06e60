import { getDefaultStore } from 'jotai';
import { stepEnded, type QueueState, type QueueStep } from '../../../../domain/queue';
import type { Track } from '../../../../domain/track';
import { notify } from '../../../lib/notify';
import { playerStrings } from '../strings';
import { crossfadeSeconds } from '../../../../domain/crossfade';
import type { GaplessMode } from '../../../../domain/gapless';
import {
  crossfadeAtom,
  durationAtom,
  gaplessAtom,
  indexAtom,
  pausedAtom,
  queueAtom,
  readStoredCrossfade,
  readStoredGapless,
  repeatAtom,
  writeStoredCrossfade,
  writeStoredGapless,
} from '../state/player-atoms';
import { ListenTracker } from '../api/listens';
import { castAvailableAtom, castStateAtom, type CastState } from '../state/cast-atoms';
import { DeckPair } from './deck-pair';
import { LongListening } from './long-listening';
import { mirrorNowPlaying } from './engine-mirrors';
import { browserMediaSession, type MediaSessionAdapter } from './media-session';
import { PlayingTitle } from './playing-title';
import { watchRemote, type RemoteHandle } from './remote-watch';
import { SavedState } from './saved-state';
import { VolumeControl } from './volume-control';

type Store = ReturnType<typeof getDefaultStore>;

/**
 * The engine's machinery (split from player-engine.ts, which holds the commands): the deck and
 * its events, loading a track, the hand-over to the next one, Media Session and the saved state.
 * Everything that starts or moves a track goes through `load`, so now-playing, the lock screen,
 * scrobbling and the gain follow the same way at a click, at `ended` and at a hand-over.
 */
export abstract class EngineCore {
  // The lock screen's transport (media-session.ts) is the whole engine's.
  abstract pause(): void;
  abstract previous(): void;
  abstract next(): void;

  protected readonly deck: DeckPair;
  protected readonly session: MediaSessionAdapter;
  /** The browser's Remote Playback of the cast element (issue 50); null without the API. */
  protected readonly remote: RemoteHandle | null;
  protected idleWaiters: Array<() => void> = [];
  protected elementListeners = new Set<() => void>();
  protected seekListeners = new Set<() => void>();
  protected readonly title = new PlayingTitle();
  protected readonly saved = new SavedState(() => ({
    ...this.state(),
    queue: [...this.store.get(queueAtom)],
    position: this.position,
  }));
  protected readonly volume: VolumeControl;
  protected spareIndex = -1; // the queue index the spare element preloads
  /** Scrobbling: now playing at a start, a listen at the end (features/player/api/listens). */
  protected readonly listens = new ListenTracker();
  /** Episodes, long tracks and stations (issue 49): speed, resume points, ICY titles. */
  protected readonly long: LongListening;

  constructor(protected readonly store: Store) {
    this.volume = new VolumeControl(store, (levels) => this.deck.setVolumes(...levels));
    this.deck = new DeckPair(this.volume.level, {
      play: () => {
        this.store.set(pausedAtom, false);
        this.session.setPlaybackState('playing');
        this.updatePosition();
        this.title.show(this.store.get(queueAtom)[this.store.get(indexAtom)]);
        this.listens.playing(this.position);
        this.long.playing();
      },
      pause: () => this.settlePaused(),
      ended: () => {
        this.listens.finish();
        this.long.ended();
        this.perform(stepEnded(this.state()));
      },
      duration: (seconds) => this.store.set(durationAtom, seconds),
      position: () => this.updatePosition(),
      tick: () => {
        this.listens.progress(this.position, this.deck.playbackRate);
        this.saved.saveIfStale();
        this.long.tick();
      },
      swap: () => this.elementListeners.forEach((listener) => listener()),
      ending: () => this.handOver(),
    });
    this.remote = watchRemote(this.deck.castElement, {
      available: (yes) => this.store.set(castAvailableAtom, yes),
      state: (state) => this.setRemoting(state),
    });
    this.session = browserMediaSession(this);
    this.long = new LongListening(store, {
      position: () => this.position,
      seek: (seconds) => this.seek(seconds),
      showOnLockScreen: (track, title) => this.session.setTrack(track, title),
    });
    this.setGapless(readStoredGapless(globalThis.localStorage), false);
    this.setCrossfade(readStoredCrossfade(globalThis.localStorage), false);
    window.addEventListener('pagehide', () => {
      this.listens.finish();
      this.saved.save();
    });
    mirrorNowPlaying(this.store);
  }

  get position(): number {
    return this.deck.position;
  }

  play(): void {
    if (!this.deck.loaded) return;
    this.deck.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      notify(navigator.onLine ? playerStrings.playFailed : playerStrings.notOffline);
    });
  }

  /** Stopping clears the queue and the index (spec part 1, section 4). */
  stop(): void {
    this.listens.finish();
    this.long.leave();
    this.long.load(null, 0);
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
    if (!Number.isFinite(target)) return;
    this.deck.seek(target);
    this.seekListeners.forEach((listener) => listener());
  }

  /** Which tracks play gapless (decision 0052): the current track moves deck where it plays. */
  setGapless(mode: GaplessMode, store = true): void {
    this.store.set(gaplessAtom, mode);
    if (store) writeStoredGapless(globalThis.localStorage, mode);
    const index = this.store.get(indexAtom);
    if (!this.deck.setGapless(mode, this.store.get(queueAtom)[index])) return this.preloadNext();
    const playing = this.deck.playing;
    this.load(index, playing, this.position);
  }

  /**
   * Crossfade over `seconds` (0: off) between tracks that are not consecutive tracks of an
   * album in order (decision 0052 "Crossfade"); the next change is planned again.
   */
  setCrossfade(seconds: number, store = true): void {
    const value = crossfadeSeconds(seconds);
    this.store.set(crossfadeAtom, value);
    if (store) writeStoredCrossfade(globalThis.localStorage, value);
    this.deck.setCrossfade(value);
    this.preloadNext();
  }

  /**
   * The cast connection changed (issue 50): while it is up (connecting or connected) the queue
   * plays on the cast deck; either way the current track moves deck where it was, playing or
   * paused as it was.
   */
  protected setRemoting(state: CastState): void {
    this.store.set(castStateAtom, state);
    const index = this.store.get(indexAtom);
    const track = this.store.get(queueAtom)[index];
    if (this.deck.setRemoting(state !== 'disconnected', track))
      this.load(index, this.deck.playing, this.position);
  }

  /** `gapless` or `element`: which deck sounds the current track. */
  get deckKind(): 'gapless' | 'element' {
    return this.deck.kind;
  }

  protected state(): QueueState<Track> {
    return {
      queue: this.store.get(queueAtom),
      index: this.store.get(indexAtom),
      repeat: this.store.get(repeatAtom),
    };
  }

  protected perform(step: QueueStep): void {
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
  protected settlePaused(state: MediaSessionPlaybackState = 'paused'): void {
    this.store.set(pausedAtom, true);
    this.session.setPlaybackState(state);
    this.updatePosition();
    this.title.restore();
    this.long.paused();
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
  protected handOver(): void {
    if (!this.deck.playing) return;
    const step = stepEnded(this.state());
    if (step.kind === 'play' && step.index === this.spareIndex)
      this.load(step.index, true, 0, true);
  }

  protected load(index: number, autoplay: boolean, position = 0, handOver = false): void {
    const track = this.store.get(queueAtom)[index];
    if (!track) return;
    this.long.leave();
    this.store.set(indexAtom, index);
    this.listens.load(track);
    this.store.set(durationAtom, track.duration);
    this.deck.load(track, position, handOver, this.long.rate(track));
    this.session.setTrack(track);
    this.long.load(track, position);
    this.preloadNext();
    if (autoplay) this.play();
    else {
      this.store.set(pausedAtom, true);
      this.session.setPlaybackState('paused');
    }
    this.saved.save();
  }

  /**
   * The track that will follow when this one ends (per repeat mode) loads in the spare or is
   * appended after this one. The gapless deck also joins a track to itself (repeat one).
   */
  protected preloadNext(): void {
    const state = this.state();
    const step = stepEnded(state);
    this.spareIndex = step.kind === 'play' ? step.index : -1;
    // `undefined` also disarms a scheduled hand-over (the last track, a removal).
    const next = this.spareIndex >= 0 ? state.queue[this.spareIndex] : undefined;
    this.deck.preload(next, this.spareIndex === state.index);
    this.volume.applyLevels(this.spareIndex);
  }

  protected updatePosition(): void {
    this.session.setPosition(this.store.get(durationAtom), this.position, this.deck.playbackRate);
  }
}
