import { GAPLESS_MIME, gaplessMode, gaplessUrl } from '../../../domain/gapless';
import type { Track } from '../../../domain/track';

/** Whether this browser can play the gapless stream (Chromium 62+; not iPhone Safari). */
export function gaplessSupported(): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(GAPLESS_MIME);
}

/**
 * The one copy of a full track kept for offline play (decision 0060): its gapless stream where
 * the gapless deck will ask for it (the service worker also answers the element deck's address
 * from it: a lossy original's own frames and FLAC in MP4 both play in an element), else the
 * track's stream. One copy, not two: a phone's storage holds each track once.
 */
export function offlineCopyUrl(track: Track): string {
  const on = typeof localStorage !== 'undefined' && gaplessMode(localStorage.getItem('gapless'));
  if (track.fileId === undefined || track.isPreview || on === 'off' || !gaplessSupported())
    return track.url;
  return gaplessUrl(track.fileId, false);
}
