import { atom } from 'jotai';
import { speedApplies, speedSetting } from '../../../../domain/long-listening';
import { currentTrackAtom } from './current-track';

/**
 * Episodes, long tracks and stations (issue 49). The speed is this device's choice (stored
 * locally under `playback-speed`); it applies only where `speedAppliesAtom` says so, music
 * stays at 1x. Written by the engine only.
 */
export const speedAtom = atom(1);
export const speedAppliesAtom = atom((get) => speedApplies(get(currentTrackAtom)));
/** The playing station's ICY title (null: none yet, or not a station). */
export const stationTitleAtom = atom<string | null>(null);

export const SPEED_KEY = 'playback-speed';

export function readStoredSpeed(storage: Pick<Storage, 'getItem'> | undefined): number {
  return speedSetting(storage?.getItem(SPEED_KEY));
}

export function writeStoredSpeed(storage: Pick<Storage, 'setItem'> | undefined, speed: number) {
  try {
    storage?.setItem(SPEED_KEY, String(speed));
  } catch {
    // As with the volume: the choice still applies for this session.
  }
}
