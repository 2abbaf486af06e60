import type { SubsonicCalls } from './subsonic-call';

export const usersCalls: SubsonicCalls = {};
