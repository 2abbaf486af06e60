import type { Config } from './config';
import type { Db, Dialect } from './db/database';
import type { Mailer } from './mail/mailer';
import type { AuthService } from './modules/auth/auth.service';
import type { Fulfilment } from './payments/fulfilment';
import type { PaymentProviders } from './payments/providers';
import type { SettingsService } from './modules/settings/settings.service';
import type { UsersService } from './modules/users/users.service';
import type { RateLimiter } from './plugins/rate-limit';
import type { Sessions } from './plugins/session';
import type { RunPostActions } from './modules/uploads/post-actions';
import type { ListensService } from './modules/scrobbling/listens.service';
import type { JobQueue } from './jobs/queue/job-queue';
import type { StoredFiles } from './storage/stored-files';

/** What route modules receive from buildApp: built once, shared by every request. */
export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: Sessions;
  settings: SettingsService;
  users: UsersService;
  auth: AuthService;
  /** Payment providers with keys on this server, and the one place a payment takes effect. */
  providers: PaymentProviders;
  fulfilment: Fulfilment;
  /** Post-import actions (settings.defaultPost): one runner for uploads and downloads. */
  runPostActions: RunPostActions;
  /** Plays from /api and /rest, queued for ListenBrainz and Last.fm (one path, issue 33). */
  scrobbles: ListensService;
  /** Background work: pg-boss on PostgreSQL, in-process on SQLite (issue 32). */
  jobs: JobQueue;
  /** Media, covers and the transcode cache: DATA_DIR or object storage (server/storage). */
  files: StoredFiles;
}
