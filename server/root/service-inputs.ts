import type { FastifyBaseLogger } from 'fastify';
import type { CallerDirectory } from '../access/caller';
import type { Config } from '../config';
import type { Db, Dialect } from '../db/database';
import type { JobQueue } from '../jobs/queue/job-queue';
import type { Mailer } from '../mail/mailer';
import type { RunPostActions } from '../modules/uploads';
import type { InstalledEngines } from '../node/engines';
import type { PaymentProviders } from '../payments/providers';
import type { RateLimiter } from '../plugins/rate-limit';
import type { StoredFiles } from '../storage/stored-files';
import type { Repositories } from './repositories';

/** What the composition root builds the services from: config, infrastructure, repositories. */
export interface ServiceInputs {
  config: Config;
  db: Db;
  dialect: Dialect;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Background work; schedules are registered while services are built, before it starts. */
  jobs: JobQueue;
  files: StoredFiles;
  providers: PaymentProviders;
  /** Post-import actions (settings.defaultPost): one runner for uploads and downloads. */
  runPostActions: RunPostActions;
  /** What server/access reads of users and roles to load a caller. */
  callers: CallerDirectory;
  /** The downloader's engines (sources, feed check), closed when the downloader stops. */
  engines: InstalledEngines;
  log: FastifyBaseLogger;
  repositories: Repositories;
  /** STORE_CRASH_BEFORE_FULFIL (bench/store-bench.ts): runs inside fulfilment's transaction. */
  beforeFulfilCommit?: () => void;
}
