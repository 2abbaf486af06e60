import { join } from 'node:path';
import { ImageStore } from '../media/image-store';
import type { CatalogueWriteRepository } from '../modules/catalogue';
import type { StoredFiles } from '../storage/stored-files';
import { generateDemoLibrary } from './demo-library';

/**
 * On a start with an empty library, generate the demo label's catalogue so there is music. Its
 * files and covers are kept where the server keeps media (`files`): on object storage every app
 * server then streams them, not only the one whose data folder generated them.
 */
export async function ensureDemoLibrary(
  catalogue: CatalogueWriteRepository,
  files: StoredFiles,
  dataDir: string,
  log: (line: string) => void,
): Promise<void> {
  if (!(await catalogue.isEmpty())) return;
  log('The library is empty: generating the demo library (DEMO=0 turns this off)...');
  const started = Date.now();
  let report;
  try {
    report = await generateDemoLibrary(
      catalogue,
      new ImageStore(files.storage),
      join(dataDir, 'media'),
      { log, files },
    );
  } catch (error) {
    // Sample music is a courtesy: the server still starts, and the next start tries again.
    log(
      `The demo library could not be generated, starting without it: ${(error as Error).message}`,
    );
    return;
  }
  log(
    `Demo library ready: ${report.collectionsCreated} collections, ${report.audioAdded} tracks in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const problem of report.problems) log(`  skipped ${problem.path}: ${problem.error}`);
}
