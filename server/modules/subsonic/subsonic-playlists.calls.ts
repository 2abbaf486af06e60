import type { SubsonicCalls } from './subsonic-call';

export const playlistsCalls: SubsonicCalls = {};
