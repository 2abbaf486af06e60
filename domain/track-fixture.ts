import type { Track } from './track';

/**
 * A queue entry for tests: a plain full-length track of file 1, changed by `over`. One
 * definition, so a field added to Track is added to every test's tracks at once.
 */
export const testTrack = (over: Partial<Track> = {}): Track => ({
  fileId: 1,
  title: 't',
  artists: ['a'],
  url: '/downloader/file/1?playback=true',
  imageHash: null,
  isPreview: false,
  duration: 200,
  bpm: null,
  label: null,
  genres: [],
  releaseDate: null,
  album: null,
  price: null,
  external: false,
  ...over,
});
