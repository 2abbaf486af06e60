import type { RadioSeed } from '../../../domain/radio';

/**
 * The one way a screen starts a radio (issue 48): track, album, artist and genre menus call
 * `startRadio(seed)`. The player owns the radio session (its first page, the refill as the
 * queue runs low), so it provides the starter when it mounts; features never import each
 * other, and the radio's code loads only when someone starts one.
 */
type RadioStarter = (seed: RadioSeed) => Promise<void>;

let starter: RadioStarter | null = null;

/** The player hands in how a radio starts (PlayerRoot, always mounted). */
export function provideRadioStarter(start: RadioStarter): void {
  starter = start;
}

/** Replaces the queue with the seed's radio and plays it; endless until stopped. */
export function startRadio(seed: RadioSeed): Promise<void> {
  return starter ? starter(seed) : Promise.resolve();
}
