import { atom } from 'jotai';
import type { RadioSeed } from '../../../../domain/radio';

/**
 * The radio the queue is in (issue 48), null when none: while set, the player adds the next
 * page of tracks as the queue runs low. Written only by the radio session.
 */
export const radioSeedAtom = atom<RadioSeed | null>(null);
