import type { Config } from './config';
import type { Dialect } from './db/database';
import type { Mailer } from './mail/mailer';
import type { PaymentProviders } from './payments/providers';
import type { SettingsService } from './modules/settings';
import type { RateLimiter } from './plugins/rate-limit';
import type { Sessions } from './plugins/session';
import type { JobQueue } from './jobs/queue/job-queue';
import type { StoredFiles } from './storage/stored-files';
import type { CallerDirectory } from './access/caller';
import type { Services } from './root/services';

/** What route modules receive from buildApp: built once, shared by every request. */
export interface AppDeps {
  config: Config;
  dialect: Dialect;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: Sessions;
  /** The same instance as services.settings. */
  settings: SettingsService;
  /** Payment providers with keys on this server. */
  providers: PaymentProviders;
  /** Background work: pg-boss on PostgreSQL, in-process on SQLite (issue 32). */
  jobs: JobQueue;
  /** Media, covers and the transcode cache: DATA_DIR or object storage (server/storage). */
  files: StoredFiles;
  /** What server/access reads of users and roles to load a caller. */
  callers: CallerDirectory;
  /** Every service, built once by server/root (decision 0055): routes only call them. */
  services: Services;
}
