/**
 * The words of the shared page (GET /s/{token}, issue 33, section 3). Only the server draws
 * that page (the app and its service worker leave /s/ alone), so its words live beside the
 * renderer, not with the client's strings.
 */
export const sharePageStrings = {
  brand: 'Musicbox',
  sharedBy: (name: string) => `Shared by ${name}`,
  collectionType: 'Album',
  playlistType: 'Playlist',
  price: 'Price',
  free: 'Free',
  previews: 'You are listening to 30-second previews.',
  fullStreams: 'Free to listen in full.',
  tracks: 'Tracks',
  noTracks: 'Nothing here can be played.',
  play: (title: string) => `Play ${title}`,
  pause: (title: string) => `Pause ${title}`,
  signUpToBuy: 'Sign up to buy',
  signInToBuy: 'Sign in to buy',
  signUp: 'Sign up to listen',
  signIn: 'Sign in',
  description: (artists: string, kind: string) =>
    artists ? `${kind} by ${artists} on Musicbox` : `${kind} on Musicbox`,
  notFoundTitle: 'Link not found',
  notFoundBody: 'This share link does not exist, has expired or was revoked.',
  home: 'Go to Musicbox',
} as const;
