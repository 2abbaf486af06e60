import { nowIso, type Db } from '../../db/database';
import type { Executor } from './catalogue-write.repository';
import { LibraryStampsRepository } from './library-stamps.repository';

/** A file row as a rescan compares it with the disk (decision 0056). */
export interface KnownFile {
  fileId: number;
  collectionId: number;
  path: string;
  sizeBytes: number | null;
  mtimeMs: number | null;
  fingerprint: string | null;
  missingSince: string | null;
  /** The audio row's reader version, album and album artist; null for a companion file. */
  tagsVersion: number | null;
  album: string | null;
  albumArtist: string | null;
}

/** What a rescan stores of a file it has looked at: the disk's stat and the content's print. */
export interface FileStat {
  size: number;
  modifiedAt: string;
  /** Size and mtime with a lyrics sidecar's folded in (server/jobs/folder-scan.ts). */
  stampBytes: number;
  stampMs: number;
  fingerprint: string | null;
  /** The track's own cover when its tags were read again (undefined: left as it is). */
  imageHash?: string | null;
}

const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/** The rows of a living library: stats, missing marks, moves and the purge of old misses. */
export class LibraryFilesRepository {
  /** A rescan's slim bulk reads: each file's stamp, the present files under a folder. */
  readonly stamps: LibraryStampsRepository;

  constructor(readonly db: Db) {
    this.stamps = new LibraryStampsRepository(db);
  }

  private base(db: Executor) {
    return db
      .selectFrom('files')
      .leftJoin('audio', 'audio.file_id', 'files.file_id')
      .select([
        'files.file_id',
        'files.collection_id',
        'files.path',
        'files.size_bytes',
        'files.mtime_ms',
        'files.fingerprint',
        'files.missing_since',
        'audio.tags_version',
        'audio.album',
        'audio.album_artist',
      ]);
  }

  private static toKnown(row: {
    file_id: number;
    collection_id: number;
    path: string;
    size_bytes: number | string | null;
    mtime_ms: number | string | null;
    fingerprint: string | null;
    missing_since: string | null;
    tags_version: number | null;
    album: string | null;
    album_artist: string | null;
  }): KnownFile {
    return {
      fileId: Number(row.file_id),
      collectionId: Number(row.collection_id),
      path: row.path,
      sizeBytes: num(row.size_bytes),
      mtimeMs: num(row.mtime_ms),
      fingerprint: row.fingerprint,
      missingSince: row.missing_since,
      tagsVersion: row.tags_version === null ? null : Number(row.tags_version),
      album: row.album,
      albumArtist: row.album_artist,
    };
  }

  /** The rows of these paths (missing ones included: a file may come back where it was). */
  async knownFiles(paths: string[]): Promise<Map<string, KnownFile>> {
    const known = new Map<string, KnownFile>();
    for (let i = 0; i < paths.length; i += 500) {
      const rows = await this.base(this.db)
        .where('files.path', 'in', paths.slice(i, i + 500))
        .execute();
      for (const row of rows) known.set(row.path, LibraryFilesRepository.toKnown(row));
    }
    return known;
  }

  /** Whole rows by id (the few a rescan found vanished). */
  async knownByIds(fileIds: number[]): Promise<KnownFile[]> {
    const found: KnownFile[] = [];
    for (let i = 0; i < fileIds.length; i += 500) {
      const rows = await this.base(this.db)
        .where('files.file_id', 'in', fileIds.slice(i, i + 500))
        .execute();
      found.push(...rows.map((row) => LibraryFilesRepository.toKnown(row)));
    }
    return found;
  }

  /** Missing files (and these just-vanished ones) carrying one of these fingerprints. */
  async missingByFingerprint(prints: string[]): Promise<KnownFile[]> {
    const found: KnownFile[] = [];
    for (let i = 0; i < prints.length; i += 500) {
      const rows = await this.base(this.db)
        .where('files.fingerprint', 'in', prints.slice(i, i + 500))
        .where('files.missing_since', 'is not', null)
        .execute();
      found.push(...rows.map((row) => LibraryFilesRepository.toKnown(row)));
    }
    return found;
  }

  /** Stores what the disk said of a file looked at now; a missing one is present again. */
  async recordStat(fileId: number, stat: FileStat, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('files')
      .set({
        size: stat.size,
        modified_at: stat.modifiedAt,
        size_bytes: stat.stampBytes,
        mtime_ms: Math.floor(stat.stampMs),
        ...(stat.fingerprint === null ? {} : { fingerprint: stat.fingerprint }),
        ...(stat.imageHash === undefined ? {} : { image_hash: stat.imageHash }),
        missing_since: null,
      })
      .where('file_id', '=', fileId)
      .execute();
  }

  /** A known file found at another path or under another collection; its id stays. */
  async moveFile(
    fileId: number,
    to: { collectionId: number; path: string; relativePath: string },
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .updateTable('files')
      .set({ collection_id: to.collectionId, path: to.path, relative_path: to.relativePath })
      .where('file_id', '=', fileId)
      .execute();
  }

  async collectionFolder(collectionId: number, db: Executor = this.db) {
    return db
      .selectFrom('collections')
      .select(['folder', 'import_key'])
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
  }

  /** A renamed album folder: the collection follows it (import keys made of the folder too). */
  async setCollectionFolder(
    collectionId: number,
    folder: string,
    importKey: string,
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .updateTable('collections')
      .set({ folder, import_key: importKey })
      .where('collection_id', '=', collectionId)
      .execute();
  }

  async markMissing(fileIds: number[], db: Executor = this.db): Promise<void> {
    const now = nowIso();
    for (let i = 0; i < fileIds.length; i += 500)
      await db
        .updateTable('files')
        .set({ missing_since: now })
        .where('file_id', 'in', fileIds.slice(i, i + 500))
        .where('missing_since', 'is', null)
        .execute();
  }

  /**
   * A collection a retag emptied: removed when nothing but its files made it (no unlock, no
   * product, no comment, no album star or rating), else kept and marked missing, so a buyer's
   * unlock or a comment thread is never lost to a retag. Answers whether it was removed.
   */
  async removeIfEmpty(collectionId: number, db: Executor = this.db): Promise<boolean> {
    const holds = await db
      .selectFrom('collections as c')
      .select('c.collection_id')
      .where('c.collection_id', '=', collectionId)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb.selectFrom('files').select('file_id').where('collection_id', '=', collectionId),
          ),
          eb.exists(
            eb
              .selectFrom('unlocked_collections')
              .select('user_id')
              .where('collection_id', '=', collectionId),
          ),
          eb.exists(
            eb
              .selectFrom('products')
              .select('product_id')
              .where('collection_id', '=', collectionId),
          ),
          eb.exists(
            eb
              .selectFrom('comments')
              .select('comment_id')
              .whereRef('comments.comment_group_id', '=', 'c.comment_group_id'),
          ),
          eb.exists(
            eb
              .selectFrom('stars')
              .select('item_id')
              .where('kind', '=', 'album')
              .where('item_id', '=', collectionId),
          ),
          eb.exists(
            eb
              .selectFrom('ratings')
              .select('item_id')
              .where('kind', '=', 'album')
              .where('item_id', '=', collectionId),
          ),
        ]),
      )
      .executeTakeFirst();
    if (holds === undefined) {
      await db.deleteFrom('collections').where('collection_id', '=', collectionId).execute();
      return true;
    }
    const empty = await db
      .selectFrom('files')
      .select('file_id')
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
    if (empty === undefined)
      await db
        .updateTable('collections')
        .set({ missing_since: nowIso() })
        .where('collection_id', '=', collectionId)
        .execute();
    return false;
  }

  async countMissing(): Promise<number> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('missing_since', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Deletes the files missing since before `cutoffIso` (their audio, likes and playlist entries
   * go with them, by cascade) and answers the collections they were in, to refresh.
   */
  async deleteMissingBefore(
    cutoffIso: string,
  ): Promise<{ deleted: number; collectionIds: number[] }> {
    const rows = await this.db
      .selectFrom('files')
      .select(['file_id', 'collection_id'])
      .where('missing_since', 'is not', null)
      .where('missing_since', '<=', cutoffIso)
      .execute();
    const ids = rows.map((r) => Number(r.file_id));
    for (let i = 0; i < ids.length; i += 500)
      await this.db
        .deleteFrom('files')
        .where('file_id', 'in', ids.slice(i, i + 500))
        .execute();
    return {
      deleted: ids.length,
      collectionIds: [...new Set(rows.map((r) => Number(r.collection_id)))],
    };
  }
}
