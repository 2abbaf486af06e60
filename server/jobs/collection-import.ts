import { relative } from 'node:path';
import { isAudioPath, readTrackInfo, type TrackInfo } from '../media/audio-tags';
import { InvalidImageError, type ImageStore } from '../media/image-store';
import { computeWaveform } from '../media/waveform';
import type { CatalogueWriteRepository } from '../modules/catalogue';
import type { MediaRepository } from '../modules/media';
import { isFolder, readWhole } from '../storage/folder-reads';
import type { StoredFiles } from '../storage/stored-files';
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
  files: StoredFiles,
): Promise<CollectionImportReport> {
  const report: CollectionImportReport = { added: 0, updated: 0, removed: 0, unreadable: [] };
  // Known files may be storage keys (object storage): tags are read from a local copy then.
  const readInfo = (ref: string, name: string): Promise<TrackInfo | null> =>
    files.withLocalFile(ref, readTrackInfo).catch(() => {
      report.unreadable.push(name);
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
    const onDisk = await files.stat(file.path);
    if (!onDisk) {
      await media.deleteFile(file.fileId);
      report.removed += 1;
      continue;
    }
    if (!isAudioPath(file.path)) continue;
    const info = await readInfo(file.path, file.relativePath);
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

  const folders = (await isFolder(target.folder)) ? await scanFolder(target.folder) : [];
  // Files another collection already holds (library albums may share a folder) stay theirs.
  const elsewhere = await catalogue.knownPaths(
    folders.flatMap((f) => [...f.audio, ...f.companions].map((file) => files.refFor(file.path))),
  );
  for (const folder of folders) {
    // Read before the folder's files are kept (on object storage that moves them off this
    // disk); used after them, so a track's embedded art still comes first.
    const coverFile = cover === null ? findCoverFile(folder.companions) : undefined;
    const coverBytes = coverFile
      ? await readWhole(coverFile.path).catch(() =>
          files.withLocalFile(files.refFor(coverFile.path), (copy) => readWhole(copy)),
        )
      : null;
    for (const scanned of [...folder.audio, ...folder.companions]) {
      const ref = files.refFor(scanned.path);
      if (known.has(ref) || elsewhere.has(ref)) continue;
      const name = relative(target.folder, scanned.path);
      const info = isAudioPath(scanned.path) ? await readInfo(scanned.path, name) : null;
      // Kept (on object storage: uploaded whole) before its row is written, never after.
      await files.keep(scanned.path);
      const fileId = await catalogue.addFile({
        collectionId: target.collectionId,
        path: ref,
        relativePath: relative(target.folder, scanned.path),
        size: scanned.size,
        modifiedAt: scanned.modifiedAt,
        imageHash: null,
      });
      report.added += 1;
      if (!info) continue;
      await catalogue.addAudio(fileId, info);
      newAudio.push({ fileId, path: ref });
      await useCover(fileId, info);
    }
    if (cover === null && coverBytes !== null)
      cover = await storeImage(catalogue, images, coverBytes);
  }

  if (cover !== null && cover !== target.imageHash)
    await catalogue.setCollectionImageIfMissing(target.collectionId, cover);
  await catalogue.refreshAggregates(target.collectionId);
  for (const { fileId, path } of newAudio) {
    // A waveform is a nicety: a file ffmpeg cannot read still plays.
    const peaks = await files
      .ffmpegInput(path)
      .then(computeWaveform)
      .catch(() => null);
    if (peaks) await catalogue.setWaveform(fileId, peaks);
  }
  return report;
}
