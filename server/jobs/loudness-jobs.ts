import type { CatalogueWriteRepository } from '../modules/catalogue';
import type { StoredFiles } from '../storage/stored-files';
import { backfillLoudnessBatch, type BackfillOptions } from './loudness-backfill';
import type { JobQueue } from './queue/job-queue';

const JOB = 'loudness-backfill';
/** One waiting link of the chain at a time: a second server's start adds no second chain. */
const CHAIN = 'chain';
/** A batch is 32 files of a few seconds each; a server gone longer than this hands it over. */
const BATCH_EXPIRE_SECONDS = 15 * 60;

interface Link {
  after: number;
  measured: number;
  failed: number;
}

export interface LoudnessSchedule {
  /** Ends the running batch between files (the server is closing); call before the queue stops. */
  stop(): void;
}

/**
 * The loudness backfill on the job queue (decision 0051): one batch a job, each job sending the
 * next with its cursor and running totals. On PostgreSQL one app server measures at a time
 * however many share the database, and a batch whose server was killed or closed is retried by
 * another with the queue's backoff; on SQLite the chain runs in this process, as the timer did.
 * Registered before the queue starts; the first link waits `delayMs` (first requests first).
 */
export function scheduleLoudnessBackfill(
  queue: JobQueue,
  repo: CatalogueWriteRepository,
  files: StoredFiles,
  options: { delayMs: number; log: (line: string) => void; measure?: BackfillOptions['measure'] },
): LoudnessSchedule {
  const abort = new AbortController();
  queue.work<Link>(
    JOB,
    async (link) => {
      const batch = await backfillLoudnessBatch(repo, link.after, {
        files,
        signal: abort.signal,
        ...(options.measure ? { measure: options.measure } : {}),
      });
      const totals = {
        measured: link.measured + batch.measured,
        failed: link.failed + batch.failed,
      };
      // Stopped mid-batch: failing hands the link back to the queue, whose retry (here after a
      // restart, or on another server) skips what this run measured.
      if (abort.signal.aborted) throw new Error('server closing: the batch is handed back');
      if (batch.next !== null) {
        await queue.send<Link>(JOB, { after: batch.next, ...totals }, { singletonKey: CHAIN });
      } else if (totals.measured + totals.failed > 0) {
        options.log(
          `Loudness backfill: ${totals.measured} tracks measured, ${totals.failed} could not be read`,
        );
      }
    },
    { expireInSeconds: BATCH_EXPIRE_SECONDS },
  );
  void queue.send<Link>(
    JOB,
    { after: 0, measured: 0, failed: 0 },
    { singletonKey: CHAIN, startAfterSeconds: Math.ceil(options.delayMs / 1000) },
  );
  return { stop: () => abort.abort() };
}
