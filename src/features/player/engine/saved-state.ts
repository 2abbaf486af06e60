import { savePlayer, type SavedPlayer } from './persistence';

const SAVE_POSITION_MS = 5000;

/**
 * The player's saved state and its writes: every change is written at once, the position at
 * most every few seconds while playing, and a reload waits for the last write to finish.
 */
export class SavedState {
  private lastSaved = 0;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly snapshot: () => SavedPlayer) {}

  save(): void {
    this.lastSaved = Date.now();
    this.saving = savePlayer(this.snapshot());
  }

  /** While playing: the position is written again once the last write is a few seconds old. */
  saveIfStale(): void {
    if (Date.now() - this.lastSaved > SAVE_POSITION_MS) this.save();
  }

  /** Resolves once the last write has finished. */
  written(): Promise<void> {
    return this.saving;
  }
}
