import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { JobQueue } from '../../jobs/queue/job-queue';
import type { MissingFilesService } from '../catalogue';

/** The schedule's name on the queue (SCAN_INTERVAL). */
const SCHEDULE = 'library-scan-schedule';
/** The daily purge of files missing longer than MISSING_RETENTION_DAYS; first 10 min after start. */
const PURGE = 'library-missing-purge';
const DAY_MS = 24 * 60 * 60 * 1000;
const PURGE_FIRST_MS = 10 * 60 * 1000;

/**
 * The rescan of every library every SCAN_INTERVAL (none when 0; libraries may be added at any
 * time, so it runs without MUSIC_DIR too), and the daily purge of files missing longer than
 * MISSING_RETENTION_DAYS, on the job queue: once per period however many app servers run. The first rescan waits a whole period, so a restart does not
 * start one (the watcher and "Scan now" cover the rest).
 */
export function scheduleScans(
  queue: JobQueue,
  config: Config,
  log: FastifyBaseLogger,
  missing: MissingFilesService,
  requestScan: () => Promise<void>,
): void {
  const days = config.missingRetentionDays;
  queue.every(PURGE, { periodMs: DAY_MS, firstRunMs: PURGE_FIRST_MS }, async () => {
    const purged = await missing.purgeMissing(days);
    if (purged > 0) log.info(`Removed ${purged} files missing for over ${days} days`);
  });
  const seconds = config.library.scanIntervalSeconds;
  if (seconds === 0) return;
  const periodMs = seconds * 1000;
  queue.every(SCHEDULE, { periodMs, firstRunMs: periodMs }, requestScan);
}
