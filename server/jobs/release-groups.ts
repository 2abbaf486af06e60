import { basename, dirname } from 'node:path';
import { VARIOUS_ARTISTS } from '../../domain/artist-keys';
import { foldText } from '../../domain/search-text';
import type { TrackInfo } from '../media/audio-tags';
import { albumArtistNames, type KnownFile } from '../modules/catalogue';
import type { ScannedFile, ScannedFolder } from './folder-scan';

/** A fresh (or regrouped known) file of the import with its tags read. */
export interface ReadTrack {
  file: ScannedFile;
  folder: ScannedFolder;
  info: TrackInfo;
  /** A known file whose album changed: it joins its group keeping its id (decision 0056). */
  known?: KnownFile;
  fingerprint?: string | null;
}

/** The tracks that become (or join) one collection, under its import key. */
export interface Group {
  key: string;
  name: string;
  tracks: ReadTrack[];
}

/** The import key of an album: its album artist (else first artist) and title, folded. */
export function albumImportKey(album: string, albumArtist: string): string {
  return `album:${foldText(albumArtist)}:${foldText(album)}`;
}

/** "CD1", "Disc 2", "disk_3": a folder holding one disc of a release whose folder is above it. */
const DISC_FOLDER = /^(?:cd|dis[ck])[\s._-]*\d+$/i;

/** The folder a release's tracks share: a disc subfolder counts as its parent. */
const releaseFolder = (dir: string): string =>
  DISC_FOLDER.test(basename(dir)) ? dirname(dir) : dir;

/**
 * Tracks that share a release folder and an album tag are one release, whatever their
 * artists; its album artist (albumArtistNames) names it. Releases of one album artist with
 * one album title are one collection wherever their folders are (as before this rule); a
 * compilation's "Various Artists" is not a person, so its releases stay apart by folder.
 * Tracks without an album tag are grouped by their folder.
 */
export function groupTracks(tracks: ReadTrack[]): Map<string, Group> {
  const releases = new Map<string, ReadTrack[]>();
  for (const track of tracks) {
    const folder = releaseFolder(track.folder.dir);
    const key = track.info.album
      ? `${folder}\u0000${foldText(track.info.album)}`
      : `dir:${track.folder.dir}`;
    releases.set(key, [...(releases.get(key) ?? []), track]);
  }
  const groups = new Map<string, Group>();
  for (const members of releases.values()) {
    const first = members[0]!;
    const album = first.info.album;
    let key = `dir:${first.folder.dir}`;
    let name = basename(first.folder.dir);
    if (album) {
      const [artist = ''] = albumArtistNames(
        members.map(({ info }) => ({
          albumArtist: info.albumArtist,
          artists: info.artists,
          compilation: info.compilation,
        })),
      );
      key = albumImportKey(album, artist);
      if (artist === VARIOUS_ARTISTS.name) key += `@${releaseFolder(first.folder.dir)}`;
      name = album;
    }
    const group = groups.get(key) ?? { key, name, tracks: [] };
    group.tracks.push(...members);
    groups.set(key, group);
  }
  return groups;
}
