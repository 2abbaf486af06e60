import { basename, dirname, join, relative } from 'node:path';
import { TAGS_VERSION, type CatalogueWriteRepository, type KnownFile } from '../modules/catalogue';
import { fingerprintFile } from './fingerprint';
import type { ScannedFile, ScannedFolder } from './folder-scan';
import { mapLimited } from './map-limited';
import type { ChangedTrack } from './tag-upgrade';

/* The living library's side of an import (decision 0056): which known files changed, which
 * vanished, which new paths are vanished files moved, and the missing marks. */

export interface Sorted {
  fresh: Array<{ file: ScannedFile; folder: ScannedFolder }>;
  changed: ChangedTrack[];
  /** Known, unchanged, but marked missing: back where they were. */
  returned: Array<{ file: ScannedFile; known: KnownFile }>;
  unchanged: number;
}

/** One stat per known file: equal size and mtime (and a current reader) mean no tag read. */
export function sortAudio(
  folders: ScannedFolder[],
  known: Map<string, KnownFile>,
  refOf: (path: string) => string,
): Sorted {
  const sorted: Sorted = { fresh: [], changed: [], returned: [], unchanged: 0 };
  for (const folder of folders)
    for (const file of folder.audio) {
      const row = known.get(refOf(file.path));
      if (!row) sorted.fresh.push({ file, folder });
      else if (
        row.sizeBytes !== file.stampBytes ||
        row.mtimeMs !== file.stampMs ||
        (row.tagsVersion ?? 0) < TAGS_VERSION
      )
        sorted.changed.push({ file, folder, known: row });
      else if (row.missingSince !== null) sorted.returned.push({ file, known: row });
      else sorted.unchanged += 1;
    }
  return sorted;
}

/** Companion files (booklets, covers) found again where they were. */
export function returnedCompanions(
  folders: ScannedFolder[],
  known: Map<string, KnownFile>,
  refOf: (path: string) => string,
): Array<{ file: ScannedFile; known: KnownFile }> {
  return folders.flatMap((folder) =>
    folder.companions.flatMap((file) => {
      const row = known.get(refOf(file.path));
      return row?.missingSince ? [{ file, known: row }] : [];
    }),
  );
}

export interface Moved {
  file: ScannedFile;
  known: KnownFile;
  fingerprint: string | null;
}

/**
 * Booklets and covers follow their album: a vanished companion whose folder's audio moved is
 * the file of the same name in the audio's new folder (companions carry no fingerprint).
 */
export function companionMoves(
  moves: Moved[],
  vanished: KnownFile[],
  folders: ScannedFolder[],
  isKnown: (path: string) => boolean,
): Moved[] {
  const newDir = new Map(moves.map((m) => [dirname(m.known.path), dirname(m.file.path)]));
  const fresh = new Map(
    folders.flatMap((f) => f.companions.filter((c) => !isKnown(c.path)).map((c) => [c.path, c])),
  );
  return vanished.flatMap((known) => {
    const dir = newDir.get(dirname(known.path));
    const file = dir === undefined ? undefined : fresh.get(join(dir, basename(known.path)));
    return known.tagsVersion === null && file ? [{ file, known, fingerprint: null }] : [];
  });
}

/**
 * Fresh paths whose content fingerprint equals a vanished (this scan) or missing file's are
 * that file moved. Answers the moves and the fresh files left, each with its fingerprint.
 */
export async function findMoves(
  repo: CatalogueWriteRepository,
  fresh: Sorted['fresh'],
  vanished: KnownFile[],
  inPlace: boolean,
): Promise<{
  moved: Moved[];
  fresh: Array<Sorted['fresh'][number] & { fingerprint: string | null }>;
}> {
  const printed = await mapLimited(fresh, 8, async (entry) => {
    try {
      return { ...entry, fingerprint: await fingerprintFile(entry.file.path, entry.file.size) };
    } catch {
      // Unreadable now: the tag read that follows reports it.
      return { ...entry, fingerprint: null };
    }
  });
  const prints = printed.flatMap((p) => (p.fingerprint ? [p.fingerprint] : []));
  const candidates = new Map<string, KnownFile[]>();
  const seen = new Set<number>();
  // A hand-over's files are copied to storage as new ones: only a folder indexed in place
  // may hold a missing file come back (its row points at the path itself).
  const missing = inPlace ? await repo.libraryFiles.missingByFingerprint(prints) : [];
  for (const row of [...vanished, ...missing]) {
    if (!row.fingerprint || seen.has(row.fileId)) continue;
    seen.add(row.fileId);
    candidates.set(row.fingerprint, [...(candidates.get(row.fingerprint) ?? []), row]);
  }
  const moved: Moved[] = [];
  const left: typeof printed = [];
  for (const entry of printed) {
    const match = entry.fingerprint ? candidates.get(entry.fingerprint)?.shift() : undefined;
    if (match && entry.fingerprint)
      moved.push({ file: entry.file, known: match, fingerprint: entry.fingerprint });
    else left.push(entry);
  }
  return { moved, fresh: left };
}

/**
 * Writes the moves: each file takes its new path and keeps its id and collection; when the
 * collection's folder held the old path, the folder (and an import key made of it) follows, so
 * a renamed album folder stays one collection. Answers the collections touched.
 */
export async function applyMoves(
  repo: CatalogueWriteRepository,
  moves: Moved[],
  refOf: (path: string) => string,
): Promise<number[]> {
  const byCollection = new Map<number, Moved[]>();
  for (const move of moves)
    byCollection.set(move.known.collectionId, [
      ...(byCollection.get(move.known.collectionId) ?? []),
      move,
    ]);
  for (const [collectionId, list] of byCollection)
    await repo.transaction(async (trx) => {
      const files = repo.libraryFiles;
      const row = await files.collectionFolder(collectionId, trx);
      let folder = row?.folder ?? dirname(list[0]!.file.path);
      const first = list[0]!;
      const inside = first.known.path.startsWith(`${folder}/`);
      const tail = inside ? first.known.path.slice(folder.length) : null;
      if (row && tail !== null && first.file.path.endsWith(tail)) {
        const moved = first.file.path.slice(0, first.file.path.length - tail.length);
        if (moved !== folder) {
          await files.setCollectionFolder(
            collectionId,
            moved,
            row.import_key?.split(folder).join(moved) ?? '',
            trx,
          );
          folder = moved;
        }
      }
      for (const { file, known, fingerprint } of list) {
        const to = {
          collectionId,
          path: refOf(file.path),
          relativePath: relative(folder, file.path),
        };
        await files.moveFile(known.fileId, to, trx);
        await files.recordStat(known.fileId, { ...file, fingerprint }, trx);
      }
      await repo.refreshAggregates(collectionId, trx);
    });
  return [...byCollection.keys()];
}

/** Files found again unchanged where they were: present again, with their state. */
export async function restoreReturned(
  repo: CatalogueWriteRepository,
  returned: Array<{ file: ScannedFile; known: KnownFile }>,
): Promise<number[]> {
  for (const { file, known } of returned)
    await repo.libraryFiles.recordStat(known.fileId, { ...file, fingerprint: null });
  return [...new Set(returned.map((r) => r.known.collectionId))];
}

/** Marks vanished files missing (hidden, not deleted) and refreshes their collections. */
export async function markVanished(
  repo: CatalogueWriteRepository,
  vanished: KnownFile[],
): Promise<number[]> {
  await repo.libraryFiles.markMissing(vanished.map((v) => v.fileId));
  return [...new Set(vanished.map((v) => v.collectionId))];
}

/**
 * The collections a rescan touched get their aggregates, search text and missing mark again;
 * one a retag emptied is removed when nothing else holds it (LibraryFilesRepository).
 */
export async function settleCollections(
  repo: CatalogueWriteRepository,
  touched: Set<number>,
  left: Set<number>,
): Promise<void> {
  for (const id of left)
    if (await repo.libraryFiles.removeIfEmpty(id)) touched.delete(id);
    else touched.add(id);
  for (const id of touched) await repo.refreshAggregates(id);
}
