import { atom } from 'jotai';
import type { Track } from '../../../../domain/track';

/**
 * The queue and its current track: all the always-mounted player root reads (to show the bar
 * once a track is loaded). Apart from player-atoms.ts, which re-exports them, so the queue,
 * loudness, gapless and crossfade rules the other atoms need stay out of the first load.
 */
export const queueAtom = atom<Track[]>([]);
export const indexAtom = atom(-1);

export const currentTrackAtom = atom<Track | null>((get) => get(queueAtom)[get(indexAtom)] ?? null);
