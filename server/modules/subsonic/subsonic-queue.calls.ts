import type { SubsonicCalls } from './subsonic-call';

export const queueCalls: SubsonicCalls = {};
