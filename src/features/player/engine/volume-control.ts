import type { getDefaultStore } from 'jotai';
import type { NormaliseMode } from '../../../../domain/loudness-gain';
import {
  normaliseAtom,
  readStoredNormalise,
  readStoredVolume,
  volumeAtom,
  writeStoredNormalise,
  writeStoredVolume,
} from '../state/player-atoms';
import { elementLevels } from './engine-mirrors';

type Store = ReturnType<typeof getDefaultStore>;

/** The listener's level, mute and normalise mode, kept in atoms and localStorage. */
export class VolumeControl {
  private unmutedVolume = 1; // the level a mute came from, which unmuting restores

  constructor(
    private readonly store: Store,
    /** Sets the two elements' levels: the playing one, then the spare. */
    private readonly apply: (levels: [number, number]) => void,
  ) {
    store.set(volumeAtom, readStoredVolume(globalThis.localStorage));
    store.set(normaliseAtom, readStoredNormalise(globalThis.localStorage));
  }

  get level(): number {
    return this.store.get(volumeAtom);
  }

  toggleMute(spareIndex: number): void {
    const volume = this.level;
    if (volume > 0) this.unmutedVolume = volume;
    this.setVolume(volume > 0 ? 0 : this.unmutedVolume, spareIndex);
  }

  setVolume(volume: number, spareIndex: number): void {
    const value = Math.min(1, Math.max(0, volume));
    this.store.set(volumeAtom, value);
    this.applyLevels(spareIndex);
    writeStoredVolume(globalThis.localStorage, value);
  }

  setNormalise(mode: NormaliseMode, spareIndex: number): void {
    this.store.set(normaliseAtom, mode);
    this.applyLevels(spareIndex);
    writeStoredNormalise(globalThis.localStorage, mode);
  }

  applyLevels(spareIndex: number): void {
    this.apply(elementLevels(this.store, spareIndex));
  }
}
