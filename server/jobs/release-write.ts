import { dirname, relative, sep } from 'node:path';
import { InvalidImageError, type ImageStore } from '../media/image-store';
import type { CatalogueWriteRepository } from '../modules/catalogue';
import { readWhole } from '../storage/folder-reads';
import { findCoverFile } from './folder-scan';
import type { ImportOptions } from './library-import';
import type { Group } from './release-groups';
import { FIRST_LIBRARY_ID } from '../../domain/libraries';

/* One release of the library import written: its covers, its files kept, its rows in one
 * transaction (library-import.ts reads and groups the tracks). */

function commonFolder(paths: string[]): string {
  const parts = paths.map((p) => dirname(p).split(sep));
  const first = parts[0] ?? [];
  let length = first.length;
  for (const other of parts) {
    let i = 0;
    while (i < length && other[i] === first[i]) i += 1;
    length = i;
  }
  return first.slice(0, length).join(sep) || sep;
}

export async function storeCover(
  repo: CatalogueWriteRepository,
  images: ImageStore,
  bytes: Uint8Array | Buffer,
): Promise<string | null> {
  try {
    const stored = await images.put(Buffer.from(bytes));
    await repo.saveImage(stored);
    return stored.hash;
  } catch (error) {
    if (error instanceof InvalidImageError) return null;
    throw error;
  }
}

const libraryImportKey = (key: string, libraryId: number | undefined): string =>
  libraryId === undefined || libraryId === FIRST_LIBRARY_ID ? key : `library:${libraryId}|${key}`;

export async function writeGroup(
  repo: CatalogueWriteRepository,
  images: ImageStore,
  group: Group,
  isKnown: (path: string) => boolean,
  companionsClaimed: Set<string>,
  { onWritten, files, libraryId }: Pick<ImportOptions, 'onWritten' | 'files' | 'libraryId'>,
): Promise<{
  collectionId: number;
  created: boolean;
  audio: Array<{ fileId: number; path: string }>;
  moved: number[];
  companions: number;
}> {
  // Covers are content-addressed files, written before the transaction: an orphan is harmless.
  const trackCovers = await Promise.all(
    group.tracks.map((t) => (t.info.cover ? storeCover(repo, images, t.info.cover.data) : null)),
  );
  const folders = [...new Map(group.tracks.map((t) => [t.folder.dir, t.folder])).values()];
  let collectionCover = trackCovers.find((hash) => hash !== null) ?? null;
  if (!collectionCover) {
    const coverFile = folders.map((f) => findCoverFile(f.companions)).find(Boolean);
    if (coverFile)
      collectionCover = await storeCover(repo, images, await readWhole(coverFile.path));
  }
  const folder = commonFolder(group.tracks.map((t) => t.file.path));
  const ordered = group.tracks
    .map((track, i) => ({ track, cover: trackCovers[i] ?? null }))
    .sort(
      (a, b) =>
        (a.track.info.discNumber ?? 1) - (b.track.info.discNumber ?? 1) ||
        (a.track.info.trackNumber ?? 0) - (b.track.info.trackNumber ?? 0) ||
        a.track.file.path.localeCompare(b.track.file.path),
    );

  // The companions this group takes: its folders' files not yet known nor taken by another.
  const companionFiles = folders
    .filter((dir) => !companionsClaimed.has(dir.dir))
    .flatMap((dir) => dir.companions.filter((c) => !isKnown(c.path)));
  for (const dir of folders) companionsClaimed.add(dir.dir);
  // Kept (on object storage: uploaded whole) before the rows that point to them.
  const refs = new Map<string, string>();
  for (const file of [...group.tracks.map((t) => t.file), ...companionFiles])
    refs.set(file.path, files ? await files.keep(file.path) : file.path);
  const refOf = (path: string) => refs.get(path) ?? path;

  return repo.transaction(async (trx) => {
    // The same album in two libraries is two collections (each seen by its own roles); the
    // first library keeps the keys it had before there were several.
    const importKey = libraryImportKey(group.key, libraryId);
    const existing = await repo.findCollectionByImportKey(importKey, trx);
    const collectionId =
      existing ??
      (await repo.createCollection(
        { name: group.name, folder, importKey, imageHash: collectionCover, libraryId },
        trx,
      ));
    if (existing !== null && collectionCover)
      await repo.setCollectionImageIfMissing(existing, collectionCover, trx);
    const audio: Array<{ fileId: number; path: string }> = [];
    // Known files keep their ids (likes, playlist entries, plays) in their new collection;
    // they are not "added", so the analysis of new files passes them over.
    const moved: number[] = [];
    for (const { track, cover } of ordered) {
      const { file, known } = track;
      const relativePath = relative(folder, file.path);
      if (known) {
        await repo.libraryFiles.moveFile(
          known.fileId,
          { collectionId, path: refOf(file.path), relativePath },
          trx,
        );
        await repo.updateAudio(known.fileId, track.info, trx);
        await repo.libraryFiles.recordStat(
          known.fileId,
          { ...file, fingerprint: track.fingerprint ?? null, imageHash: cover },
          trx,
        );
        moved.push(known.fileId);
        continue;
      }
      const fileId = await repo.addFile(
        {
          collectionId,
          path: refOf(file.path),
          relativePath,
          size: file.size,
          modifiedAt: file.modifiedAt,
          stampBytes: file.stampBytes,
          stampMs: file.stampMs,
          fingerprint: track.fingerprint ?? null,
          imageHash: cover,
        },
        trx,
      );
      await repo.addAudio(fileId, track.info, trx);
      audio.push({ fileId, path: refOf(file.path) });
    }
    for (const file of companionFiles) {
      await repo.addFile(
        {
          collectionId,
          path: refOf(file.path),
          relativePath: relative(folder, file.path),
          size: file.size,
          modifiedAt: file.modifiedAt,
          stampBytes: file.stampBytes,
          stampMs: file.stampMs,
          imageHash: null,
        },
        trx,
      );
    }
    await repo.refreshAggregates(collectionId, trx);
    await onWritten?.(audio.length, trx);
    return {
      collectionId,
      created: existing === null,
      audio,
      moved,
      companions: companionFiles.length,
    };
  });
}
