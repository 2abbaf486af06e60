import type { IAudioMetadata, ICommonTagsResult, ITag } from 'music-metadata';

/** One credited artist as tagged: the name, and when the tags give them, sort name and MBID. */
export interface ArtistCredit {
  name: string;
  sortName: string | null;
  /** MusicBrainz artist id. */
  mbid: string | null;
}

/** music-metadata's tag types, best first (its own order, common/MetadataCollector.js). */
const TAG_PRIORITY = [
  'matroska',
  'APEv2',
  'vorbis',
  'ID3v2.4',
  'ID3v2.3',
  'ID3v2.2',
  'exif',
  'asf',
  'iTunes',
  'AIFF',
  'ID3v1',
];

/**
 * music-metadata splits ID3v2.3 TPE1 and TXXX values on "/" (v2.3's separator for several
 * artists, and Picard's flattening), which breaks "AC/DC". Unless the frame used null
 * separators instead (music-metadata warns of those), the parts are joined back: several
 * artists come only from separate values.
 */
function unsplitId3v23(tags: readonly ITag[], warnings: readonly string[]): ITag[] {
  const nullSeparated = (frame: string) =>
    warnings.includes(`ID3v2.3 ${frame} uses non standard null-separator.`);
  const joined: ITag[] = [];
  for (const tag of tags) {
    const frame = tag.id.split(':')[0] ?? '';
    const last = joined[joined.length - 1];
    const slashSplit = (frame === 'TPE1' || frame === 'TXXX') && !nullSeparated(frame);
    if (slashSplit && last?.id === tag.id && typeof last.value === 'string') {
      joined[joined.length - 1] = { id: tag.id, value: `${last.value}/${String(tag.value)}` };
    } else {
      joined.push(tag);
    }
  }
  return joined;
}

/** A native tag id as one name across formats: no TXXX:/freeform prefix, upper case. */
const fieldName = (id: string): string =>
  id.replace(/^(?:TXXX|----:com\.apple\.iTunes):/i, '').toUpperCase();

/** The values of the named native tags, from the best tag type that has any of them. */
export type NativeLookup = (names: readonly string[]) => unknown[];

export function nativeLookup(meta: IAudioMetadata): NativeLookup {
  const rank = (type: string) => {
    const at = TAG_PRIORITY.indexOf(type);
    return at < 0 ? TAG_PRIORITY.length : at;
  };
  const warnings = meta.quality.warnings.map((w) => w.message);
  const types = Object.keys(meta.native)
    .sort((a, b) => rank(a) - rank(b))
    .map((type) => {
      const tags = meta.native[type] ?? [];
      const read = type === 'ID3v2.3' ? unsplitId3v23(tags, warnings) : tags;
      return read.map((tag) => ({ name: fieldName(tag.id), value: tag.value }));
    });
  return (names) => {
    const wanted = new Set(names);
    for (const tags of types) {
      const values = tags.filter((tag) => wanted.has(tag.name)).map((tag) => tag.value);
      if (values.length > 0) return values;
    }
    return [];
  };
}

/** The non-empty, trimmed strings among native values. */
export function texts(values: readonly unknown[]): string[] {
  return values
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** Native names of each credit field, in every format music-metadata reads (normalised). */
const TRACK_ARTIST_TAGS = {
  display: ['ARTIST', 'TPE1', 'TP1', '©ART', 'AUTHOR'],
  multi: ['ARTISTS', 'WM/ARTISTS'],
  sort: ['ARTISTSORT', 'TSOP', 'SOAR', 'ARTIST SORT', 'WM/ARTISTSORTORDER'],
  multiSort: ['ARTISTS_SORT', 'ARTISTSSORT'],
  mbid: ['MUSICBRAINZ_ARTISTID', 'MUSICBRAINZ ARTIST ID', 'MUSICBRAINZ/ARTIST ID'],
};
const ALBUM_ARTIST_TAGS = {
  display: ['ALBUMARTIST', 'ALBUM ARTIST', 'TPE2', 'TP2', 'AART', 'WM/ALBUMARTIST'],
  multi: ['ALBUMARTISTS'],
  sort: ['ALBUMARTISTSORT', 'TSO2', 'SOAA', 'ALBUM ARTIST SORT', 'WM/ALBUMARTISTSORTORDER'],
  multiSort: ['ALBUMARTISTS_SORT', 'ALBUMARTISTSSORT'],
  mbid: ['MUSICBRAINZ_ALBUMARTISTID', 'MUSICBRAINZ ALBUM ARTIST ID', 'MUSICBRAINZ/ALBUM ARTIST ID'],
};

/**
 * Credits from a display tag (ARTIST), its multi-value form (ARTISTS, preferred: "A feat. B"
 * is displayed, [A, B] are credited), sort names and MusicBrainz ids. Sort names and ids are
 * paired with names by position, so only a list as long as the names is used: a lone sort
 * name for "A feat. B" says nothing about A or B. Names are deduplicated ignoring case.
 */
function credits(
  native: NativeLookup,
  tags: typeof TRACK_ARTIST_TAGS,
  fallback: readonly string[],
): ArtistCredit[] {
  const multi = texts(native(tags.multi));
  const display = texts(native(tags.display));
  const names = multi.length > 0 ? multi : display.length > 0 ? display : texts(fallback);
  const sorts =
    [texts(native(tags.multiSort)), texts(native(tags.sort))].find(
      (list) => list.length === names.length,
    ) ?? [];
  // Ids are UUIDs: Picard's flattened lists ("id1/id2", "id1; id2") can be split safely.
  const ids = texts(native(tags.mbid)).flatMap((value) => texts(value.split(/[/;,\s]+/)));
  const mbids = ids.length === names.length ? ids : [];
  const seen = new Set<string>();
  const result: ArtistCredit[] = [];
  names.forEach((name, i) => {
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    result.push({ name, sortName: sorts[i] ?? null, mbid: mbids[i] ?? null });
  });
  return result;
}

/** The track artists' credits; music-metadata's common artists only when no native tag has any. */
export const readTrackArtistCredits = (
  native: NativeLookup,
  common: ICommonTagsResult,
): ArtistCredit[] =>
  credits(native, TRACK_ARTIST_TAGS, common.artists ?? (common.artist ? [common.artist] : []));

/** The album artists' credits; empty when the file has no album artist tag. */
export const readAlbumArtistCredits = (
  native: NativeLookup,
  common: ICommonTagsResult,
): ArtistCredit[] =>
  credits(
    native,
    ALBUM_ARTIST_TAGS,
    common.albumartists ?? (common.albumartist ? [common.albumartist] : []),
  );
