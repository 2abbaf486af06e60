import { atom } from 'jotai';

/** The Remote Playback API's connection state of the engine's cast element (issue 50). */
export type CastState = 'disconnected' | 'connecting' | 'connected';

/**
 * Written only by the engine (engine/remote-watch.ts): whether the browser reports a speaker the
 * current track could be cast to (false where the browser has no Remote Playback API), and the
 * state of the connection. The cast button shows while either says there is something to do.
 */
export const castAvailableAtom = atom(false);
export const castStateAtom = atom<CastState>('disconnected');
