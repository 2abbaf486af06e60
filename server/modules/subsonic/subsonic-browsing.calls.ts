import type { SubsonicCalls } from './subsonic-call';

export const browsingCalls: SubsonicCalls = {};
