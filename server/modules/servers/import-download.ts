import path from 'node:path';
import { importFolder } from '../../jobs/library-import';
import type { ImageStore } from '../../media/image-store';
import { listTree } from '../../storage/folder-reads';
import type { StoredFiles } from '../../storage/stored-files';
import type { CatalogueWriteRepository } from '../catalogue';
import type { ImportedCollectionsRepository } from './imported-collections.repository';

/**
 * The names an untagged album takes from its folder: the download's own folder, or one inside
 * it (a torrent puts its files in a folder named by the torrent).
 */
async function folderNames(dir: string): Promise<string[]> {
  const entries = await listTree(dir);
  return [path.basename(dir), ...entries.filter((e) => e.kind === 'folder').map((e) => e.name)];
}

/**
 * Imports a finished download's folder as a collection with the library import (covers,
 * tags, waveforms), so it appears like any other new collection. Answers the collection id.
 */
export function createDownloadImporter(
  repositories: {
    catalogueWrite: CatalogueWriteRepository;
    importedCollections: ImportedCollectionsRepository;
  },
  files: StoredFiles,
  images: ImageStore,
) {
  const repo = repositories.catalogueWrite;
  const imported = repositories.importedCollections;
  return async (dir: string, name: string | null, log: (line: string) => void): Promise<number> => {
    const report = await importFolder(repo, images, dir, { files });
    for (const problem of report.problems.slice(0, 20))
      log(`import: ${path.basename(problem.path)}: ${problem.error}`);
    let collectionId = report.collectionIds[0] ?? null;
    if (collectionId === null && report.alreadyKnown > 0) {
      // Imported before a restart cut the download short of "done": the same collection.
      const entries = await listTree(dir);
      const first = entries.find((e) => e.kind === 'file');
      if (first) collectionId = await imported.collectionOfPath(files.refFor(first.path));
    }
    if (collectionId === null)
      throw new Error(report.problems[0]?.error ?? 'no audio file could be imported');
    if (report.collectionIds.length > 1)
      log(`import: ${report.collectionIds.length} albums found, the first is shown`);
    if (name) await imported.renameIfNamed(collectionId, await folderNames(dir), name);
    log(`import: ${report.audioAdded} tracks into collection ${collectionId}`);
    return collectionId;
  };
}
