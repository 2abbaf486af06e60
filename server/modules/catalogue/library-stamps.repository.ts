import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { KnownFile } from './library-files.repository';

/*
 * The two bulk reads of a rescan (LibraryFilesRepository; decision 0056), kept slim: a rescan
 * of a million unchanged files looks up each one and pages through every present row, so
 * each row read here carries only what telling an unchanged or vanished file needs.
 */

/** What a rescan compares first (stampsOf): enough to tell an unchanged file. */
export type FileStamp = Pick<
  KnownFile,
  'fileId' | 'sizeBytes' | 'mtimeMs' | 'missingSince' | 'tagsVersion'
>;

/** A present file under a scanned folder: its id and path (presentUnder). */
export type PresentFile = Pick<KnownFile, 'fileId' | 'path'>;

const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/**
 * The stamps a rescan compares, by path: one lookup per file of a walk, so a slim row (no
 * album, fingerprint or collection) keeps a rescan of a million files small; the whole row
 * is read (knownFiles) only for the folders that changed.
 */
export class LibraryStampsRepository {
  constructor(readonly db: Db) {}

  async stampsOf(paths: string[]): Promise<Map<string, FileStamp>> {
    const stamps = new Map<string, FileStamp>();
    if (paths.length === 0) return stamps;
    const rows = await this.db
      .selectFrom('files')
      .leftJoin('audio', 'audio.file_id', 'files.file_id')
      .select(['files.file_id', 'files.path', 'files.size_bytes', 'files.mtime_ms'])
      .select(['files.missing_since', 'audio.tags_version'])
      .where('files.path', 'in', paths)
      .execute();
    for (const r of rows)
      stamps.set(r.path, {
        fileId: Number(r.file_id),
        sizeBytes: num(r.size_bytes),
        mtimeMs: num(r.mtime_ms),
        missingSince: r.missing_since,
        tagsVersion: r.tags_version === null ? null : Number(r.tags_version),
      });
    return stamps;
  }

  /**
   * The present (not missing) files whose path lies under `root` (the ones a rescan of it
   * expects to find) as ids and paths, a page at a time in id order: a million are never held
   * at once. A prefix compare, not LIKE, so `%` and `_` in folder names mean nothing; SQL's
   * substr counts characters (code points), not UTF-16 units, so the length is the prefix's
   * code points (a folder named with an emoji is two units, one character).
   */
  async *presentUnder(root: string, pageSize = 2000): AsyncGenerator<PresentFile[]> {
    const prefix = root.endsWith('/') ? root : `${root}/`;
    const characters = [...prefix].length;
    for (let after = 0; ;) {
      const rows = await this.db
        .selectFrom('files')
        .select(['file_id', 'path'])
        .where('missing_since', 'is', null)
        .where('file_id', '>', after)
        .where(sql<boolean>`substr(path, 1, ${characters}) = ${prefix}`)
        .orderBy('file_id')
        .limit(pageSize)
        .execute();
      if (rows.length > 0) yield rows.map((r) => ({ fileId: Number(r.file_id), path: r.path }));
      if (rows.length < pageSize) return;
      after = Number(rows[rows.length - 1]!.file_id);
    }
  }
}
