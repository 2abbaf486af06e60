import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../app-deps';
import { importFolder } from '../../jobs/library-import';
import { ImageStore } from '../../media/image-store';
import type { StoredFiles } from '../../storage/stored-files';

/**
 * The names an untagged album takes from its folder: the download's own folder, or one inside
 * it (a torrent puts its files in a folder named by the torrent).
 */
async function folderNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return [path.basename(dir), ...entries.filter((e) => e.isDirectory()).map((e) => e.name)];
}

/**
 * Imports a finished download's folder as a collection with the library import (covers,
 * tags, waveforms), so it appears like any other new collection. Answers the collection id.
 */
export function createDownloadImporter(
  repositories: Pick<AppDeps['repositories'], 'catalogueWrite' | 'importedCollections'>,
  files: StoredFiles,
) {
  const repo = repositories.catalogueWrite;
  const images = new ImageStore(files.storage);
  const imported = repositories.importedCollections;
  return async (dir: string, name: string | null, log: (line: string) => void): Promise<number> => {
    const report = await importFolder(repo, images, dir, { files });
    for (const problem of report.problems.slice(0, 20))
      log(`import: ${path.basename(problem.path)}: ${problem.error}`);
    let collectionId = report.collectionIds[0] ?? null;
    if (collectionId === null && report.alreadyKnown > 0) {
      // Imported before a restart cut the download short of "done": the same collection.
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      const first = entries.find((e) => e.isFile());
      if (first)
        collectionId = await imported.collectionOfPath(
          files.refFor(path.join(first.parentPath, first.name)),
        );
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
