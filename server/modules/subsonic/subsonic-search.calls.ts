import type { SubsonicCalls } from './subsonic-call';

export const searchCalls: SubsonicCalls = {};
