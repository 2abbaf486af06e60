import type { Config } from './config';
import type { Db, Dialect } from './db/database';
import type { Mailer } from './mail/mailer';
import type { AuthService } from './modules/auth';
import type { Fulfilment } from './payments/fulfilment';
import type { PaymentProviders } from './payments/providers';
import type { SettingsService } from './modules/settings';
import type { UsersService } from './modules/users';
import type { RateLimiter } from './plugins/rate-limit';
import type { Sessions } from './plugins/session';
import type { RunPostActions } from './modules/uploads';
import type { ListensService } from './modules/scrobbling';
import type { JobQueue } from './jobs/queue/job-queue';
import type { StoredFiles } from './storage/stored-files';
import type { AnnotationsService } from './modules/annotations';
import type { CallerDirectory } from './access/caller';
import type { Repositories } from './root/repositories';

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
  /**
   * Every repository, built once by server/root (decision 0055). Services receive them when they
   * are built; a route hands them on and never builds one (the lint count shows the rest).
   */
  repositories: Repositories;
  /** What server/access reads of users and roles to load a caller. */
  callers: CallerDirectory;
  /** Favourites, likes and ratings: one store for /api and /rest (issue 45). */
  annotations: AnnotationsService;
}
