import { atom } from 'jotai';
import { crossfadeSeconds } from '../../../../domain/crossfade';
import { gaplessMode, type GaplessMode } from '../../../../domain/gapless';
import { isNormaliseMode, type NormaliseMode } from '../../../../domain/loudness-gain';
import { hasNext, hasPrevious, type RepeatMode } from '../../../../domain/queue';
import { indexAtom, queueAtom } from './current-track';

/**
 * Player state (spec part 1, section 3 "Player state"). Primitive atoms written only by the
 * engine; components read them. Position is not here: it lives in the audio element and is
 * polled by the few components that show it (see use-position.ts).
 */
export { queueAtom, indexAtom, currentTrackAtom } from './current-track';
export const repeatAtom = atom<RepeatMode>('none');
export const pausedAtom = atom(true);
/** Seconds; the track's catalogue duration until the audio element knows better. */
export const durationAtom = atom(0);
export const volumeAtom = atom(1);
/** Volume normalisation (decision 0029); stored locally under `normalise`. */
export const normaliseAtom = atom<NormaliseMode>('off');

export const hasPreviousAtom = atom((get) =>
  hasPrevious({ queue: get(queueAtom), index: get(indexAtom), repeat: get(repeatAtom) }),
);
export const hasNextAtom = atom((get) =>
  hasNext({ queue: get(queueAtom), index: get(indexAtom), repeat: get(repeatAtom) }),
);

/** Volume is stored locally under the key `volume`, default 1.0 (spec part 1, section 9). */
export const VOLUME_KEY = 'volume';

export function readStoredVolume(storage: Pick<Storage, 'getItem'> | undefined): number {
  const raw = storage?.getItem(VOLUME_KEY);
  const value = raw === null || raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

export function writeStoredVolume(storage: Pick<Storage, 'setItem'> | undefined, value: number) {
  try {
    storage?.setItem(VOLUME_KEY, String(value));
  } catch {
    // Private mode or a full quota: the volume still applies for this session.
  }
}

export const NORMALISE_KEY = 'normalise';

export function readStoredNormalise(storage: Pick<Storage, 'getItem'> | undefined): NormaliseMode {
  const raw = storage?.getItem(NORMALISE_KEY);
  return isNormaliseMode(raw) ? raw : 'off';
}

export function writeStoredNormalise(
  storage: Pick<Storage, 'setItem'> | undefined,
  mode: NormaliseMode,
) {
  try {
    storage?.setItem(NORMALISE_KEY, mode);
  } catch {
    // As with the volume: the choice still applies for this session.
  }
}

/**
 * Sample-accurate gapless playback (decision 0052); stored locally under `gapless`. By default
 * only lossless originals, which travel as FLAC in no more bytes than they have; `always` also
 * sends lossy ones as FLAC, about 3× their bytes (decision 0052, "On by default").
 */
export const gaplessAtom = atom<GaplessMode>('tracks');
export const GAPLESS_KEY = 'gapless';

export function readStoredGapless(storage: Pick<Storage, 'getItem'> | undefined): GaplessMode {
  return gaplessMode(storage?.getItem(GAPLESS_KEY));
}

export function writeStoredGapless(
  storage: Pick<Storage, 'setItem'> | undefined,
  mode: GaplessMode,
) {
  try {
    storage?.setItem(GAPLESS_KEY, mode);
  } catch {
    // As with the volume: the choice still applies for this session.
  }
}

/** Crossfade between tracks, seconds (0: off, the default); stored locally under `crossfade`. */
export const crossfadeAtom = atom(0);
export const CROSSFADE_KEY = 'crossfade';

export function readStoredCrossfade(storage: Pick<Storage, 'getItem'> | undefined): number {
  return crossfadeSeconds(storage?.getItem(CROSSFADE_KEY));
}

export function writeStoredCrossfade(
  storage: Pick<Storage, 'setItem'> | undefined,
  seconds: number,
) {
  try {
    storage?.setItem(CROSSFADE_KEY, String(seconds));
  } catch {
    // As with the volume: the choice still applies for this session.
  }
}
