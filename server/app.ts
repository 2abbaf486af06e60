import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppDeps } from './app-deps';
import type { RunPostActions } from './modules/uploads';
import type { Config } from './config';
import type { EngineOptions } from './node/engine/downloader-host';
import { installedEngines, type InstalledEngines } from './node/engines';
import { nowIso, type Db } from './db/database';
import { createMailer, type Mailer } from './mail/mailer';
import { chooseFfmpeg } from './media/ffmpeg-binary';
import { authRoutes } from './modules/auth/auth.routes';
import { artistsRoutes } from './modules/artists/artists.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { lyricsRoutes } from './modules/lyrics/lyrics.routes';
import { appPasswordsRoutes } from './modules/app-passwords/app-passwords.routes';
import { subsonicRoutes } from './modules/subsonic/subsonic.routes';
import { scrobblingRoutes } from './modules/scrobbling/scrobbling.routes';
import { sharesRoutes } from './modules/shares/shares.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { libraryUploadRoutes } from './modules/library-upload/library-upload.routes';
import { libraryUploadTusRoutes } from './modules/library-upload/library-upload-tus.routes';
import { userUploadRoutes } from './modules/user-upload/user-upload.routes';
import { downloaderRoutes } from './modules/servers/downloader.routes';
import { scheduleLoudnessBackfill } from './jobs/loudness-jobs';
import { imagesRoutes } from './modules/images/images.routes';
import { playlistsRoutes } from './modules/playlists/playlists.routes';
import { smartPlaylistsRoutes } from './modules/smart-playlists';
import { annotationsRoutes } from './modules/annotations';
import { playQueueRoutes } from './modules/play-queue/play-queue.routes';
import { devicesRoutes } from './modules/devices';
import { partiesRoutes } from './modules/parties';
import fastifyWebsocket from '@fastify/websocket';
import { radioRoutes } from './modules/radio';
import { rolesRoutes } from './modules/roles/roles.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { backupsRoutes } from './modules/backups/backups.routes';
import { supportRoutes } from './modules/support/support.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { usersAdminRoutes } from './modules/users/users-admin.routes';
import { usersRoutes } from './modules/users/users.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { paymentsRoutes } from './modules/store/payments.routes';
import { productsRoutes } from './modules/store/products.routes';
import { transactionsRoutes } from './modules/store/transactions.routes';
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
import { registerConnectionLimit } from './security/connection-limit';
import { registerRefusedBodyGuard } from './security/refused-body';
import { registerJsonBodyBound } from './security/json-body';
import { plainHttpOrigins, registerSecurityHeaders } from './plugins/security-headers';
import { healthRoutes } from './modules/health/health.routes';
import { historyRoutes } from './modules/history';
import { bookmarksRoutes } from './modules/bookmarks';
import { podcastsRoutes } from './modules/podcasts';
import { radioStationsRoutes } from './modules/radio-stations';
import { registerAccessLog } from './plugins/access-log';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { StoredFiles } from './storage/stored-files';
import { callerDirectory } from './root/caller-directory';
import { buildRepositories, type Repositories } from './root/repositories';
import { buildServices } from './root/services';

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
  runPostActions?: RunPostActions;
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
  const dialect = config.database.kind;
  const repositories = options.repositories ?? buildRepositories(db, dialect);
  const limiter = new RateLimiter(
    scaleLimits({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, config.rateLimitScale),
    limitWindowsFor(dialect, repositories.rateLimits),
  );
  chooseFfmpeg(config.ffmpegPath);
  // Tests' engines replace the installed ones; one post-action runner serves both uploads and
  // downloads.
  const installed = installedEngines(config);
  const runPostActions =
    options.runPostActions ?? options.downloader?.runPostActions ?? installed.runPostActions;
  const engines: InstalledEngines = { ...installed, ...options.downloader, runPostActions };
  const jobs = createJobQueue(config, app.log);
  const files = new StoredFiles(
    options.storage ?? (await createStorage(config.storage)),
    config.dataDir,
  );
  const providers = new PaymentProviders(config.payments);
  const callers = callerDirectory(repositories);
  // Every service once, before the queue starts (schedules are registered as they are built).
  const { services, workers } = await buildServices({
    config,
    db,
    dialect,
    mailer,
    limiter,
    jobs,
    files,
    providers,
    runPostActions,
    callers,
    engines,
    log: app.log,
    repositories,
    beforeFulfilCommit: config.payments.crashBeforeFulfil ? crashNow : undefined,
  });
  const deps: AppDeps = {
    config,
    dialect,
    mailer,
    limiter,
    sessions: new Sessions(repositories.sessions, services.expireRoleOnRead, (hash) =>
      services.devices.sessionEnded(hash),
    ),
    settings: services.settings,
    providers,
    jobs,
    files,
    callers,
    services,
  };

  registerErrorHandler(app);
  // Before the caller is loaded: a connection over the limit costs no session or database read.
  registerConnectionLimit(app, config.connections.maxConnections);
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
  // The devices' live channel (decision 0064): a report is a few hundred bytes.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  registerCompression(app);

  registerIpBan(app, deps.services.bans);
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
  smartPlaylistsRoutes(app, deps);
  annotationsRoutes(app, deps);
  playQueueRoutes(app, deps);
  devicesRoutes(app, deps);
  partiesRoutes(app, deps);
  radioRoutes(app, deps);
  sharesRoutes(app, deps);
  commentsRoutes(app, deps);
  requestsRoutes(app, deps);
  uploadsRoutes(app, deps);
  libraryUploadRoutes(app, deps);
  libraryUploadTusRoutes(app, deps);
  userUploadRoutes(app, deps);
  supportRoutes(app, deps);
  await downloaderRoutes(app, deps);
  await libraryRoutes(app, deps);
  productsRoutes(app, deps);
  transactionsRoutes(app, deps);
  await paymentsRoutes(app, deps);
  appPasswordsRoutes(app, deps);
  subsonicRoutes(app, deps);
  scrobblingRoutes(app, deps);
  historyRoutes(app, deps);
  podcastsRoutes(app, deps);
  radioStationsRoutes(app, deps);
  bookmarksRoutes(app, deps);

  await registerStaticClient(app, clientDir, firstViewShell(app, deps.sessions));

  // Expired sessions are refused on lookup anyway; this only keeps the table small.
  deps.jobs.every('session-sweep', { periodMs: config.jobs.sessionSweepMs }, () =>
    repositories.sessions.deleteExpiredSessions(nowIso()),
  );
  scheduleStoreJobs(jobs, {
    dormant: repositories.dormant,
    settings: services.settings,
    mailer,
    publicUrl: config.publicUrl,
  });
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
  await workers.downloader.start();
  app.addHook('onClose', () => workers.downloader.stop());
  await services.devices.start();
  app.addHook('onClose', () => services.devices.stop());
  workers.scrobbles.start();
  app.addHook('onClose', () => workers.scrobbles.stop());
  app.addHook('onClose', (_instance, done) => {
    if (options.mailer === undefined) mailer.close();
    done();
  });
  return app;
}
