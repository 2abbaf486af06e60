import { gaplessUrl } from '../../../../domain/gapless';
import type { Track } from '../../../../domain/track';

/** Where the gapless deck fetches a track: its gapless stream (an external track as it is). */
export const streamUrlOf = (track: Track): string =>
  track.fileId === undefined ? track.url : gaplessUrl(track.fileId, track.isPreview);

/** The same stream fetched again after a seek: not counted as a play. */
export const refetchUrlOf = (track: Track): string =>
  track.fileId === undefined ? track.url : gaplessUrl(track.fileId, track.isPreview, true);
