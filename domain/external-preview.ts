import type { ExternalTrack } from './external';
import type { Track } from './track';

/**
 * An external search result as a player queue item (spec part 1, section 3): the preview clip
 * as url, the cover as art, external=true and no genres.
 */
export function externalPreviewTrack(track: ExternalTrack): Track {
  return {
    title: track.title,
    artists: track.artists,
    url: track.preview,
    imageHash: null,
    art: track.cover,
    isPreview: true,
    duration: track.duration,
    bpm: null,
    label: null,
    genres: [],
    releaseDate: null,
    album: track.album || null,
    price: null,
    external: true,
  };
}
