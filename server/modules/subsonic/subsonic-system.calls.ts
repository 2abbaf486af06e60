import type { SubsonicCalls } from './subsonic-call';

export const systemCalls: SubsonicCalls = {};
