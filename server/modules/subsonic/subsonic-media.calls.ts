import type { SubsonicCalls } from './subsonic-call';

export const mediaCalls: SubsonicCalls = {};
