import { AUDIO_MIMES } from '../media';
import { parseJson } from '../../db/database';
import { albumId, artistId, songId } from './subsonic-ids';
import {
  refs,
  joinNames,
  firstGenre,
  numberOrUndefined,
  extensionOf,
  segment,
  albumCover,
  replayGainOf,
  compact,
  yearOf,
} from './subsonic-shape-fields';
import type { LibraryAlbum, LibraryArtistRow, LibrarySongRow } from '../catalogue';

/** OpenSubsonic ArtistID3 as listed inside a song or album (`artists`, `albumArtists`). */
export interface SubsonicArtistRef {
  id: string;
  name: string;
}

export interface SubsonicReplayGain {
  trackGain?: number;
  trackPeak?: number;
  albumGain?: number;
  albumPeak?: number;
}

/** A song in the Subsonic `child` shape (Subsonic 1.16.1 plus OpenSubsonic fields). */
export interface SubsonicSong {
  id: string;
  parent: string;
  isDir: false;
  title: string;
  album: string;
  artist: string;
  track?: number;
  discNumber?: number;
  year?: number;
  genre?: string;
  coverArt?: string;
  size: number;
  contentType: string;
  suffix: string;
  duration: number;
  bitRate?: number;
  bpm?: number;
  path: string;
  albumId: string;
  artistId?: string;
  type: 'music';
  isVideo: false;
  created: string;
  playCount: number;
  artists: SubsonicArtistRef[];
  albumArtists: SubsonicArtistRef[];
  displayArtist: string;
  displayAlbumArtist: string;
  replayGain?: SubsonicReplayGain;
  /** Filled by the annotation calls (stars and ratings) when the caller has them. */
  starred?: string;
  userRating?: number;
}

export interface SubsonicDiscTitle {
  disc: number;
  title: string;
}

/** A collection as the Subsonic AlbumID3 shape. */
export interface SubsonicAlbum {
  id: string;
  name: string;
  artist: string;
  artistId?: string;
  coverArt?: string;
  songCount: number;
  duration: number;
  playCount: number;
  created: string;
  year?: number;
  genre?: string;
  artists: SubsonicArtistRef[];
  displayArtist: string;
  isCompilation: boolean;
  discTitles: SubsonicDiscTitle[];
  starred?: string;
  userRating?: number;
}

/** An artist as the Subsonic ArtistID3 shape. */
export interface SubsonicArtist {
  id: string;
  name: string;
  coverArt: string;
  albumCount: number;
  sortName?: string;
  musicBrainzId?: string;
  starred?: string;
  userRating?: number;
}

/** A directory entry (getMusicDirectory, getAlbumList): an album seen as a folder. */
export interface SubsonicAlbumDirectory {
  id: string;
  parent?: string;
  isDir: true;
  title: string;
  name: string;
  album: string;
  artist: string;
  year?: number;
  genre?: string;
  coverArt?: string;
  duration: number;
  playCount: number;
  created: string;
  starred?: string;
  userRating?: number;
}

export function toSubsonicSong(row: LibrarySongRow): SubsonicSong {
  const collectionId = Number(row.collection_id);
  const artists = refs(row.artist_refs);
  const albumArtists = refs(row.album_artist_refs);
  const names = parseJson<string[]>(row.artists, []);
  const displayArtist = artists.length > 0 ? joinNames(artists) : names.join(', ');
  const displayAlbumArtist = joinNames(albumArtists) || displayArtist;
  const suffix = extensionOf(row.relative_path);
  const track = numberOrUndefined(row.track_number);
  const number = track === undefined ? '' : `${String(track).padStart(2, '0')} `;
  const cover = albumCover(collectionId, row.album_image);
  return compact<SubsonicSong>({
    id: songId(Number(row.file_id)),
    parent: albumId(collectionId),
    isDir: false,
    title: row.title,
    album: row.album_name,
    artist: displayArtist,
    track,
    discNumber: numberOrUndefined(row.disc_number),
    year: yearOf(row.release_date) ?? yearOf(row.album_release_date),
    genre: firstGenre(row.genres),
    coverArt: cover ?? (row.file_image === null ? undefined : songId(Number(row.file_id))),
    size: Number(row.size),
    contentType: AUDIO_MIMES[row.format] ?? 'application/octet-stream',
    suffix,
    duration: Math.round(Number(row.duration)),
    bitRate: row.bitrate === null ? undefined : Math.round(Number(row.bitrate) / 1000),
    bpm: row.bpm === null ? undefined : Math.round(Number(row.bpm)),
    path:
      `${segment(displayAlbumArtist)}/${segment(row.album_name)}/` +
      `${number}${segment(row.title)}${suffix ? `.${suffix}` : ''}`,
    albumId: albumId(collectionId),
    artistId: artists[0]?.id ?? albumArtists[0]?.id,
    type: 'music',
    isVideo: false,
    created: row.added_at,
    playCount: Number(row.play_count),
    artists,
    albumArtists,
    displayArtist,
    displayAlbumArtist,
    replayGain: replayGainOf(row),
  });
}

export function toSubsonicAlbum({ album: row, discs }: LibraryAlbum): SubsonicAlbum {
  const collectionId = Number(row.collection_id);
  const artists = refs(row.artist_refs);
  const displayArtist = joinNames(artists);
  return compact<SubsonicAlbum>({
    id: albumId(collectionId),
    name: row.name,
    artist: displayArtist,
    artistId: artists[0]?.id,
    coverArt: albumCover(collectionId, row.image_hash),
    songCount: Number(row.song_count),
    duration: Math.round(Number(row.duration)),
    playCount: Number(row.play_count),
    created: row.added_at,
    year: yearOf(row.release_date),
    genre: firstGenre(row.genres),
    artists,
    displayArtist,
    isCompilation: Number(row.compilation) === 1,
    discTitles: discs.map((d) => ({ disc: Number(d.disc_number), title: d.disc_subtitle })),
  });
}

/** An album in the `child` directory form (getAlbumList, getMusicDirectory of an artist). */
export function toAlbumDirectory(album: SubsonicAlbum): SubsonicAlbumDirectory {
  return compact<SubsonicAlbumDirectory>({
    id: album.id,
    parent: album.artistId,
    isDir: true,
    title: album.name,
    name: album.name,
    album: album.name,
    artist: album.artist,
    year: album.year,
    genre: album.genre,
    coverArt: album.coverArt,
    duration: album.duration,
    playCount: album.playCount,
    created: album.created,
    starred: album.starred,
    userRating: album.userRating,
  });
}

export function toSubsonicArtist(row: LibraryArtistRow): SubsonicArtist {
  return compact<SubsonicArtist>({
    id: artistId(Number(row.artist_id)),
    name: row.name,
    coverArt: artistId(Number(row.artist_id)),
    albumCount: Number(row.album_count),
    sortName: row.sort_name ?? undefined,
    musicBrainzId: row.mbid ?? undefined,
  });
}
