import { countOf } from '../../../domain/format';

/**
 * Favourites and ratings (issue 45): the favourite button, the rating controls and the
 * Favourites page. Imported from this file directly (not through ../strings), so the first
 * load does not carry them.
 */
export const annotationStrings = {
  favourite: {
    /** The toggle's name stays the same; aria-pressed says whether it is on. */
    label: 'Favourite',
    labelOf: (name: string) => `Favourite ${name}`,
  },
  /** A favourite or rating given offline, waiting in the outbox. */
  queuedOffline: 'Saved; it will be sent when you are back online.',
  rating: {
    /** The radio group's name, e.g. "Rating of Tidal". */
    groupOf: (name: string) => `Rating of ${name}`,
    star: (value: number, max: number) => `Rate ${value} of ${max}`,
    clear: 'Clear rating',
    clearOf: (name: string) => `Clear the rating of ${name}`,
    /** A track row's rating button: what it opens and what is set. */
    rate: (title: string) => `Rate ${title}`,
    ratedOf: (title: string, value: number, max: number) =>
      `Rating of ${title}: ${value} of ${max}`,
    none: 'No rating',
    hint: 'Arrow keys change the rating; 0 clears it.',
  },
  page: {
    title: 'Favourites',
    loading: 'Loading favourites',
    offlineTitle: 'Favourites are not available offline yet',
    offlineBody: 'Open this page once while online on this device to keep a copy.',
    tracks: 'Liked tracks',
    trackCount: (n: number) => countOf(n, 'track'),
    playAll: 'Play all',
    noTracks: 'No liked tracks yet. Give a track a heart to find it here.',
    albums: 'Favourite albums',
    noAlbums: 'No favourite albums yet. Use Favourite on an album page.',
    playAlbum: (name: string) => `Play ${name}`,
    artists: 'Favourite artists',
    noArtists: 'No favourite artists yet. Use Favourite on an artist page.',
    play: (title: string) => `Play ${title}`,
    pause: (title: string) => `Pause ${title}`,
    like: (title: string) => `Like ${title}`,
    unlike: (title: string) => `Unlike ${title}`,
    nowPlaying: 'Now playing',
    preview: 'Preview',
  },
} as const;
