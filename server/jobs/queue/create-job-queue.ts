import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { InProcessQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';
import { PgBossQueue } from './pg-boss-queue';

/** pg-boss on PostgreSQL (shared by every app server), in-process on SQLite (decision 0051). */
export function createJobQueue(config: Config, log: FastifyBaseLogger): JobQueue {
  const onError = (err: unknown, job: string) => log.warn({ err, job }, 'background job failed');
  if (config.database.kind === 'sqlite') return new InProcessQueue(onError, config.shutdownGraceMs);
  return new PgBossQueue({
    url: config.database.url,
    onError,
    onPeriodic: (job, slot) => log.debug({ job, slot }, 'periodic job ran'),
    stopTimeoutMs: config.shutdownGraceMs,
    // Jobs a killed server held are handed on at the next maintenance after they expire.
    maintenanceSeconds: Math.min(120, config.jobs.leaseSeconds),
  });
}
