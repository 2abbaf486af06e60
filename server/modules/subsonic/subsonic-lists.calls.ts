import type { SubsonicCalls } from './subsonic-call';

export const listsCalls: SubsonicCalls = {};
