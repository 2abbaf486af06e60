import type { SubsonicCalls, SubsonicPayload } from './subsonic-call';

/**
 * The OpenSubsonic extensions this server implements, each at version 1: API keys (app
 * passwords), form POST, podcast episodes by id, structured lyrics and `timeOffset` on stream.
 */
export const OPEN_SUBSONIC_EXTENSIONS = [
  'apiKeyAuthentication',
  'formPost',
  'getPodcastEpisode',
  'songLyrics',
  'transcodeOffset',
] as const;

const extensions = (): SubsonicPayload => ({
  openSubsonicExtensions: OPEN_SUBSONIC_EXTENSIONS.map((name) => ({ name, versions: [1] })),
});

/**
 * Calls answered without credentials: the OpenSubsonic spec has apps ask for the extensions
 * before they know how to sign in. They receive no caller, so they can reveal nothing.
 */
export const PUBLIC_SUBSONIC_CALLS: Readonly<Record<string, () => SubsonicPayload>> = {
  getOpenSubsonicExtensions: extensions,
};

export const systemCalls: SubsonicCalls = {
  // Signing in is the whole check: an app pings to test its server address and password.
  ping: () => Promise.resolve({}),
  getLicense: () => Promise.resolve({ license: { valid: true } }),
  getOpenSubsonicExtensions: () => Promise.resolve(extensions()),
  // apiKeyAuthentication: which user an API key signs in as.
  tokenInfo: ({ caller }) => Promise.resolve({ tokenInfo: { username: caller.user.user_name } }),
};
