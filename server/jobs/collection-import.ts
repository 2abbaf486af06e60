import { readFile, stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { isAudioPath, readTrackInfo, type TrackInfo } from '../media/audio-tags';
import { InvalidImageError, type ImageStore } from '../media/image-store';
import { computeWaveform } from '../media/waveform';
import type { CatalogueWriteRepository } from '../modules/catalogue/catalogue-write.repository';
import type { MediaRepository } from '../modules/media/media.repository';
import { findCoverFile, scanFolder } from './folder-scan';

export interface CollectionImportReport {
  added: number;
  updated: number;
  removed: number;
  /** Audio files whose tags could not be read: kept as plain files, named here. */
  unreadable: string[];
}

export interface CollectionImportTarget {
  collectionId: number;
  folder: string;
  imageHash: string | null;
}

async function storeImage(
  catalogue: CatalogueWriteRepository,
  images: ImageStore,
  bytes: Uint8Array,
): Promise<string | null> {
  try {
    const stored = await images.put(Buffer.from(bytes));
    await catalogue.saveImage(stored);
    return stored.hash;
  } catch (error) {
    if (error instanceof InvalidImageError) return null;
    throw error;
  }
}

/**
 * Builds one collection from its own folder (an upload's): every file in the folder belongs to
 * this collection, whatever its album tag says (the library import groups by tags instead).
 * Rows of vanished files go, audio without an audio record gets one, known audio is re-read,
 * files not yet recorded are added. Tag reading happens outside transactions; each row write is
 * small, so a failure never leaves a row pointing at a missing file.
 */
export async function importCollectionFolder(
  media: MediaRepository,
  catalogue: CatalogueWriteRepository,
  images: ImageStore,
  target: CollectionImportTarget,
): Promise<CollectionImportReport> {
  const report: CollectionImportReport = { added: 0, updated: 0, removed: 0, unreadable: [] };
  const readInfo = (path: string): Promise<TrackInfo | null> =>
    readTrackInfo(path).catch(() => {
      report.unreadable.push(relative(target.folder, path));
      return null;
    });
  const newAudio: Array<{ fileId: number; path: string }> = [];
  let cover: string | null = target.imageHash;
  const useCover = async (fileId: number, info: TrackInfo) => {
    if (!info.cover) return;
    const hash = await storeImage(catalogue, images, info.cover.data);
    if (!hash) return;
    await media.setFileImage(fileId, hash);
    cover ??= hash;
  };

  const known = new Set<string>();
  for (const file of await media.collectionFiles(target.collectionId)) {
    known.add(file.path);
    const onDisk = await stat(file.path).catch(() => null);
    if (!onDisk) {
      await media.deleteFile(file.fileId);
      report.removed += 1;
      continue;
    }
    if (!isAudioPath(file.path)) continue;
    const info = await readInfo(file.path);
    if (!info) continue;
    if (file.audio) {
      await media.updateAudio(file.fileId, info, {
        size: onDisk.size,
        modifiedAt: onDisk.mtime.toISOString(),
      });
      report.updated += 1;
    } else {
      await catalogue.addAudio(file.fileId, info);
      newAudio.push({ fileId: file.fileId, path: file.path });
      report.added += 1;
    }
    await useCover(file.fileId, info);
  }

  const folders = (await stat(target.folder).catch(() => null))?.isDirectory()
    ? await scanFolder(target.folder)
    : [];
  // Files another collection already holds (library albums may share a folder) stay theirs.
  const elsewhere = await catalogue.knownPaths(
    folders.flatMap((f) => [...f.audio, ...f.companions].map((file) => file.path)),
  );
  for (const folder of folders) {
    for (const scanned of [...folder.audio, ...folder.companions]) {
      if (known.has(scanned.path) || elsewhere.has(scanned.path)) continue;
      const info = isAudioPath(scanned.path) ? await readInfo(scanned.path) : null;
      const fileId = await catalogue.addFile({
        collectionId: target.collectionId,
        path: scanned.path,
        relativePath: relative(target.folder, scanned.path),
        size: scanned.size,
        modifiedAt: scanned.modifiedAt,
        imageHash: null,
      });
      report.added += 1;
      if (!info) continue;
      await catalogue.addAudio(fileId, info);
      newAudio.push({ fileId, path: scanned.path });
      await useCover(fileId, info);
    }
    if (cover === null) {
      const coverFile = findCoverFile(folder.companions);
      if (coverFile) cover = await storeImage(catalogue, images, await readFile(coverFile.path));
    }
  }

  if (cover !== null && cover !== target.imageHash)
    await catalogue.setCollectionImageIfMissing(target.collectionId, cover);
  await catalogue.refreshAggregates(target.collectionId);
  for (const { fileId, path } of newAudio) {
    // A waveform is a nicety: a file ffmpeg cannot read still plays.
    const peaks = await computeWaveform(path).catch(() => null);
    if (peaks) await catalogue.setWaveform(fileId, peaks);
  }
  return report;
}
