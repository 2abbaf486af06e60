import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { importFolder } from '../../jobs/library-import';
import type { ImageStore } from '../../media/image-store';
import { checkScanFolder, LibraryFolderProblem } from '../../storage/library-folder';
import type { CatalogueWriteRepository, LibraryCollectionsRepository } from '../catalogue';
import type { ImportJobsRepository } from './import-jobs.repository';
import type { LibrariesRepository } from './libraries.repository';

/** Thrown into the import from its callbacks when the server stops: the job stays "running". */
class Stopping extends Error {}

export interface ScanRunDeps {
  config: Config;
  log: FastifyBaseLogger;
  images: ImageStore;
  repos: {
    catalogueWrite: CatalogueWriteRepository;
    importJobs: ImportJobsRepository;
    libraries: LibrariesRepository;
    libraryCollections: LibraryCollectionsRepository;
  };
  /** Whether the server is stopping: the scan stops between albums and stays "running". */
  stopping: () => boolean;
}

/**
 * One scan of a library folder, recorded in its import job: the folder checked first (absolute,
 * outside DATA_DIR: a MUSIC_DIR is never checked at a form), albums from before there were
 * libraries claimed, then the import with its progress saved about once a second, and the
 * summary. A failure is recorded in the job, in the administrator's words when it is theirs.
 */
export async function runScan(
  deps: ScanRunDeps,
  jobId: number,
  folder: string,
  recorded: number | null,
): Promise<void> {
  const { repos, log } = deps;
  const jobs = repos.importJobs;
  let lastSaved = 0;
  let analysisSaved = 0;
  // One write after another, so a late first count never lands over the last one.
  let analysisWrite = Promise.resolve();
  const stopCheck = () => {
    if (deps.stopping()) throw new Stopping('the server is stopping');
  };
  try {
    // A scan recorded before there were libraries names only its folder.
    const libraryId = recorded ?? (await repos.libraries.findByPath(folder))?.library_id;
    await checkScanFolder(folder, deps.config.dataDir);
    if (libraryId !== undefined) await repos.libraryCollections.claimUnder(folder, libraryId);
    const report = await importFolder(repos.catalogueWrite, deps.images, folder, {
      libraryId,
      onProgress: (done, total) => {
        stopCheck();
        if (done !== total && Date.now() - lastSaved < 1000) return;
        lastSaved = Date.now();
        jobs.progress(jobId, done, total).catch((e: unknown) => log.warn(e));
      },
      onAnalysis: (done, total) => {
        if (done !== 0 && done !== total && Date.now() - analysisSaved < 1000) return;
        analysisSaved = Date.now();
        analysisWrite = analysisWrite
          .then(() => jobs.analysisProgress(jobId, done, total))
          .catch((e: unknown) => log.warn(e));
      },
      onWritten: (tracks, trx) => {
        stopCheck();
        return jobs.addImported(jobId, tracks, trx);
      },
    });
    await analysisWrite;
    // Stopped between albums: the job stays "running", resumed by the next server to look.
    if (deps.stopping()) return;
    await jobs.finish(jobId, {
      state: 'done',
      skipped: report.problems.length,
      problems: report.problems,
      summary: {
        seen: report.seen,
        new: report.new,
        changed: report.changed,
        moved: report.moved,
        missing: report.missing,
        restored: report.restored,
      },
    });
  } catch (error) {
    if (deps.stopping()) return;
    // A folder that cannot be a library is the administrator's to fix, not a server error.
    if (!(error instanceof LibraryFolderProblem)) log.error(error, 'library import failed');
    await jobs
      .finish(jobId, {
        state: 'failed',
        skipped: 0,
        problems: [{ path: folder, error: (error as Error).message }],
      })
      .catch((e: unknown) => log.error(e));
  }
}
