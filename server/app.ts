import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import type { EngineOptions } from './node/engine/downloader-host';
import { installedEngines, type InstalledEngines } from './node/engines';
import { nowIso, type Db } from './db/database';
import { createMailer, type Mailer } from './mail/mailer';
import { chooseFfmpeg } from './media/ffmpeg-binary';
import { AuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { artistsRoutes } from './modules/artists/artists.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { lyricsRoutes } from './modules/lyrics/lyrics.routes';
import { appPasswordsRoutes } from './modules/app-passwords/app-passwords.routes';
import { subsonicRoutes } from './modules/subsonic/subsonic.routes';
import { createScrobbling } from './modules/scrobbling/scrobbling-setup';
import { scrobblingRoutes } from './modules/scrobbling/scrobbling.routes';
import { sharesRoutes } from './modules/shares/shares.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { libraryUploadRoutes } from './modules/library-upload/library-upload.routes';
import { libraryUploadTusRoutes } from './modules/library-upload/library-upload-tus.routes';
import { libraryUploadService } from './modules/library-upload/library-upload.service';
import { userUploadRoutes } from './modules/user-upload/user-upload.routes';
import { setupDownloader } from './modules/servers/downloader-setup';
import { scheduleLoudnessBackfill } from './jobs/loudness-jobs';
import { imagesRoutes } from './modules/images/images.routes';
import { playlistsRoutes } from './modules/playlists/playlists.routes';
import { PlaylistsService } from './modules/playlists/playlists.service';
import { annotationsRoutes, createAnnotations } from './modules/annotations';
import { playQueueRoutes } from './modules/play-queue/play-queue.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { SettingsService } from './modules/settings/settings.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { backupsRoutes } from './modules/backups/backups.routes';
import { supportRoutes } from './modules/support/support.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { UsersService } from './modules/users/users.service';
import { usersAdminRoutes } from './modules/users/users-admin.routes';
import { usersRoutes } from './modules/users/users.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { paymentsRoutes } from './modules/store/payments.routes';
import { productsRoutes } from './modules/store/products.routes';
import { transactionsRoutes } from './modules/store/transactions.routes';
import { Fulfilment } from './payments/fulfilment';
import { PaymentProviders } from './payments/providers';
import { scheduleStoreJobs } from './jobs/store-jobs';
import { createJobQueue } from './jobs/queue/create-job-queue';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/errors';
import {
  DEFAULT_RATE_LIMITS,
  RateLimiter,
  limitWindowsFor,
  scaleLimits,
  type RateLimitConfig,
} from './plugins/rate-limit';
import { Sessions } from './plugins/session';
import { registerCaller } from './access/request-caller';
import { registerRouteSchemas } from './plugins/route-schemas';
import { registerStaticClient } from './plugins/static-client';
import { firstViewShell } from './first-view/first-view';
import { registerXsrf } from './plugins/xsrf';
import { DEFAULT_BODY_LIMIT, registerBodyGuard } from './security/body-guard';
import { registerIpBan } from './security/ip-ban';
import { registerRefusedBodyGuard } from './security/refused-body';
import { registerJsonBodyBound } from './security/json-body';
import { plainHttpOrigins, registerSecurityHeaders } from './plugins/security-headers';
import { healthRoutes } from './modules/health/health.routes';
import { registerAccessLog } from './plugins/access-log';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { StoredFiles } from './storage/stored-files';
import { callerDirectory } from './root/caller-directory';
import { buildRepositories, type Repositories } from './root/repositories';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Tests shrink these to see the limits trigger. */
  rateLimits?: Partial<RateLimitConfig>;
  /** Where the built client lives: CLIENT_DIR, else dist/ next to package.json. */
  clientDir?: string;
  /** Downloader engines (sources, post-actions, feed check) and timings; tests inject these. */
  downloader?: EngineOptions;
  /** Fail any answer that does not match its route's declared response schema (tests). */
  checkResponses?: boolean;
  /** The post-import action runner for uploads and downloads; tests may pass a small real one. */
  runPostActions?: AppDeps['runPostActions'];
  /** Where stored files live; by default what config.storage names. */
  storage?: Storage;
  /**
   * Measure the loudness of tracks imported without it, in the background on the job queue
   * (LOUDNESS_BACKFILL_DELAY_MS after start). The server's start sets it when ffmpeg is there;
   * test apps leave it off so no test shares its cores with a backfill it did not ask for.
   */
  loudnessBackfill?: boolean;
  /** The repositories main.ts built for its start-up work; built here when absent. */
  repositories?: Repositories;
}

// STORE_CRASH_BEFORE_FULFIL: the crash experiment of bench/store-bench.ts, never set in use.
const crashNow = (): void => {
  process.kill(process.pid, 'SIGKILL');
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // registerAccessLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
  });

  const mailer = options.mailer ?? createMailer(config, app.log);
  const limiter = new RateLimiter(
    scaleLimits({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, config.rateLimitScale),
    limitWindowsFor(db, config.database.kind),
  );
  const dialect = config.database.kind;
  const repositories = options.repositories ?? buildRepositories(db, dialect);
  const settings = new SettingsService(db, repositories);
  chooseFfmpeg(config.ffmpegPath);
  // Tests' engines replace the installed ones; one post-action runner serves both uploads and
  // downloads.
  const installed = installedEngines(config);
  const runPostActions =
    options.runPostActions ?? options.downloader?.runPostActions ?? installed.runPostActions;
  const engines: InstalledEngines = { ...installed, ...options.downloader, runPostActions };
  const scrobbling = await createScrobbling(
    { config, db, dialect, settings, repositories },
    app.log,
  );
  const deps: AppDeps = {
    config,
    db,
    dialect,
    mailer,
    limiter,
    sessions: new Sessions(db, settings, repositories.sessions),
    settings,
    users: new UsersService(db, settings, repositories),
    auth: new AuthService(db, config, settings, mailer, limiter, repositories),
    providers: new PaymentProviders(config.payments),
    fulfilment: new Fulfilment(
      db,
      config.payments.crashBeforeFulfil ? crashNow : undefined,
      repositories,
    ),
    runPostActions,
    scrobbles: scrobbling.listens,
    jobs: createJobQueue(config, app.log),
    files: new StoredFiles(
      options.storage ?? (await createStorage(config.storage)),
      config.dataDir,
    ),
    annotations: createAnnotations(db, new PlaylistsService(repositories.playlists)),
    repositories,
    callers: callerDirectory(repositories),
  };

  registerErrorHandler(app);
  registerRefusedBodyGuard(app);
  registerAccessLog(app);
  registerJsonBodyBound(app);
  const clientDir =
    options.clientDir ??
    (process.env.CLIENT_DIR || path.resolve(import.meta.dirname, '..', 'dist'));
  // Before compression: a page's inline scripts are hashed from the text actually sent.
  registerSecurityHeaders(app, {
    shellPath: path.join(clientDir, 'index.html'),
    mediaOrigins: plainHttpOrigins([config.externalSearchUrl]),
  });
  registerCaller(app, deps.callers, deps.sessions);
  await registerRouteSchemas(app, { checkResponses: options.checkResponses ?? false });
  await app.register(fastifyCookie);
  registerCompression(app);

  registerIpBan(app, repositories.sessions);
  registerXsrf(app);
  registerBodyGuard(app, deps.sessions);

  healthRoutes(app, deps);
  settingsRoutes(app, deps);
  authRoutes(app, deps);
  messagesRoutes(app, deps);
  usersRoutes(app, deps);
  usersAdminRoutes(app, deps);
  rolesRoutes(app, deps);
  contactRoutes(app, deps);
  tasksRoutes(app, deps);
  backupsRoutes(app, deps);
  mediaRoutes(app, deps);
  catalogueRoutes(app, deps);
  artistsRoutes(app, deps);
  lyricsRoutes(app, deps);
  imagesRoutes(app, deps);
  playlistsRoutes(app, deps);
  annotationsRoutes(app, deps);
  playQueueRoutes(app, deps);
  sharesRoutes(app, deps);
  commentsRoutes(app, deps);
  requestsRoutes(app, deps);
  uploadsRoutes(app, deps);
  const libraryUploads = libraryUploadService(deps);
  libraryUploadRoutes(app, deps, libraryUploads);
  libraryUploadTusRoutes(app, deps, libraryUploads);
  userUploadRoutes(app, deps, libraryUploads);
  supportRoutes(app, deps);
  const downloader = await setupDownloader(app, deps, engines);
  await libraryRoutes(app, deps);
  productsRoutes(app, deps);
  transactionsRoutes(app, deps);
  await paymentsRoutes(app, deps);
  subsonicRoutes(app, deps, await appPasswordsRoutes(app, deps));
  scrobblingRoutes(app, deps, scrobbling.accounts);

  await registerStaticClient(app, clientDir, firstViewShell(app, deps.sessions));

  // Expired sessions are refused on lookup anyway; this only keeps the table small.
  deps.jobs.every('session-sweep', { periodMs: config.jobs.sessionSweepMs }, () =>
    repositories.sessions.deleteExpiredSessions(nowIso()),
  );
  scheduleStoreJobs(deps.jobs, deps);
  if (options.loudnessBackfill) {
    const backfill = scheduleLoudnessBackfill(deps.jobs, repositories.catalogueWrite, deps.files, {
      delayMs: config.loudnessBackfillDelayMs,
      log: (line) => app.log.info(line),
    });
    // Before the queue's own hook (hooks run in the order added): the batch ends between files.
    app.addHook('onClose', () => backfill.stop());
  }
  await deps.jobs.start();
  app.addHook('onClose', () => deps.jobs.stop());
  await downloader.start();
  app.addHook('onClose', () => downloader.stop());
  scrobbling.worker.start();
  app.addHook('onClose', () => scrobbling.worker.stop());
  app.addHook('onClose', (_instance, done) => {
    if (options.mailer === undefined) mailer.close();
    done();
  });
  return app;
}
