/**
 * A known library for the rescan bench (bench/library-rescan-bench.ts): the rows a first import
 * of MUSIC_DIR would have left, and the files on disk they describe, made fast.
 *
 * Rows: bench/generate-catalogue.ts's synthetic catalogue (N collections of 10 tracks, with
 * artists, terms and search rows) in a fresh, migrated SQLite file, then each file row pointed
 * at `<music>/<collection id>/<n>.flac` and given the stat a rescan compares
 * (LibraryFilesRepository.recordStat): size and size_bytes 0, mtime_ms the files' fixed mtime,
 * no missing mark, and the audio rows the current tag reader's version (TAGS_VERSION), so an
 * unchanged file costs the scan a stat and a lookup, as after a real first import.
 * Files: one folder per collection (a thousand to a parent folder), ten empty files each with
 * that mtime. Empty, because the rescan of unchanged files never opens them.
 */
import { closeSync, linkSync, mkdirSync, openSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { TAGS_VERSION } from '../server/modules/catalogue';
import { sqliteCatalogue } from './served-catalogue';

/** The files' mtime (seconds): whole, so the stored mtime_ms compares equal exactly. */
const MTIME_S = Date.UTC(2025, 0, 1) / 1000;
const TRACKS_PER_COLLECTION = 10;
/** Two levels, as Artist/Album: a thousand albums a folder (SQL's integer division alike). */
const folderOf = (id: number) => join(String(Math.floor(id / 1000)), String(id));

export interface SeededLibrary {
  files: number;
  seconds: number;
}

/** Rows in `<dataDir>/musicbox.db` and files under `music`, for `collections` albums. */
export async function seedKnownLibrary(
  dataDir: string,
  music: string,
  collections: number,
  password: string,
): Promise<SeededLibrary> {
  const started = performance.now();
  const step = (what: string) =>
    console.log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { file, files } = await sqliteCatalogue(dataDir, collections, password);
  step('rows generated');

  const rows = new SqliteDatabase(file);
  // The path index is rewritten in id order, not path order: with SQLite's 2 MB default cache
  // a million rows took minutes of page reads; 1 GiB holds the index whole.
  rows.pragma('cache_size = -1048576');
  // generate-catalogue's paths are "/bench/<id>/<n>.flac": "<music>/<id / 1000>" replaces
  // "/bench", as folderOf names the folders (an artist's folder of albums, in a real library).
  rows
    .prepare(
      `UPDATE files SET path = ? || '/' || (collection_id / 1000) || substr(path, 7), size = 0,
         size_bytes = 0, mtime_ms = ?, modified_at = ?, missing_since = NULL`,
    )
    .run(music, MTIME_S * 1000, new Date(MTIME_S * 1000).toISOString());
  rows.prepare('UPDATE audio SET tags_version = ?').run(TAGS_VERSION);
  rows
    .prepare(
      `UPDATE collections SET folder = ? || '/' || (collection_id / 1000) || '/' || collection_id`,
    )
    .run(music);
  rows.close();
  step('rows pointed at the folder');

  // One empty file with the mtime, hard-linked under every name: a link costs the disk a name,
  // not an inode (creating a million files took minutes of kernel time here). Each stat of the
  // rescan still walks its own folder and name; only the inode it reaches is shared.
  // ext4 allows 65,000 links to one inode: one empty file per parent folder (hidden: a scan
  // skips it), linked under its thousand albums' ten names.
  for (let id = 1; id <= collections; id += 1) {
    const parent = join(music, String(Math.floor(id / 1000)));
    const one = join(parent, '.seed');
    if (id === 1 || id % 1000 === 0) {
      mkdirSync(parent, { recursive: true });
      closeSync(openSync(one, 'w'));
      utimesSync(one, MTIME_S, MTIME_S);
    }
    const dir = join(music, folderOf(id));
    mkdirSync(dir);
    for (let n = 0; n < TRACKS_PER_COLLECTION; n += 1) linkSync(one, join(dir, `${n}.flac`));
  }
  step('files made');
  return { files, seconds: (performance.now() - started) / 1000 };
}
