import type { ArtistRef } from '../../../domain/artist-ref';
import { parseJson } from '../../db/database';
import { albumId, artistId } from './subsonic-ids';
import type { LibrarySongRow } from '../catalogue';
import type { SubsonicArtistRef, SubsonicReplayGain } from './subsonic-shapes';

/** The field conversions of the Subsonic shapes (subsonic-shapes.ts): rows' columns to values. */

export const refs = (json: string): SubsonicArtistRef[] =>
  parseJson<ArtistRef[]>(json, []).map((r) => ({ id: artistId(r.artistId), name: r.artistName }));

export const joinNames = (list: readonly SubsonicArtistRef[]): string =>
  list.map((a) => a.name).join(', ');

/** The year of an ISO-ish date ("2024-01-15", "2024"); undefined when absent or odd. */
export function yearOf(date: string | null): number | undefined {
  const match = date === null ? null : /^(\d{4})/.exec(date);
  return match ? Number(match[1]) : undefined;
}

export const firstGenre = (json: string): string | undefined => parseJson<string[]>(json, [])[0];

export const numberOrUndefined = (value: number | string | null): number | undefined =>
  value === null ? undefined : Number(value);

export const extensionOf = (path: string): string => {
  const match = /\.([^./\\]+)$/.exec(path);
  return match ? match[1]!.toLowerCase() : '';
};

// A path segment for clients that show a folder view: no separators, never the server path.
export const segment = (text: string): string => text.replace(/[/\\]/g, '_').trim() || '_';

/** What getCoverArt answers for an album: its collection cover, else nothing to ask for. */
export const albumCover = (collectionId: number, image: string | null): string | undefined =>
  image === null ? undefined : albumId(collectionId);

export function replayGainOf(row: LibrarySongRow): SubsonicReplayGain | undefined {
  const gain: SubsonicReplayGain = {};
  const put = (key: keyof SubsonicReplayGain, value: number | null) => {
    if (value !== null) gain[key] = Number(value);
  };
  put('trackGain', row.track_gain);
  put('trackPeak', row.track_peak);
  put('albumGain', row.album_gain);
  put('albumPeak', row.album_peak);
  return Object.keys(gain).length === 0 ? undefined : gain;
}

/**
 * Drops undefined fields, so JSON and XML answers leave unknown values out. Copied into a new
 * object rather than `delete`d: a deleted key turns an object into a slow dictionary, and a sync
 * page spreads and serialises 500 of them (a tenth of the page's server time, profiled).
 */
export function compact<T extends object>(value: T): T {
  const kept: Partial<T> = {};
  for (const key of Object.keys(value) as (keyof T)[])
    if (value[key] !== undefined) kept[key] = value[key];
  return kept as T;
}
