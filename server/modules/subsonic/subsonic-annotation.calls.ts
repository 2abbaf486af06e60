import type { SubsonicCalls } from './subsonic-call';

export const annotationCalls: SubsonicCalls = {};
