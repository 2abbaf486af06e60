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

/** A library file's audio fields for libraryTrack, as few as it needs; spread to change them. */
export const testAudio = {
  audioTitle: 'Song',
  audioArtists: ['A'],
  audioDuration: 200,
  audioBpm: null,
  audioLabel: null,
  audioGenres: [],
  audioReleaseDate: null,
  audioAlbum: null,
};

/** The collection libraryTrack files a track under. */
export const testCollection = {
  collectionId: 1,
  collectionPrice: null,
  collectionImageHash: null,
  collectionName: 'Album',
};
