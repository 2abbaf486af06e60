import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { runPrimary } from './cluster/primary';
import { loadConfigOrExit, type Config } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { seed } from './root/seed';
import { ensureDemoLibrary } from './demo/demo-on-first-start';
import { buildRepositories } from './root/repositories';
import { sweepLeftoverTempFiles } from './jobs/leftover-temp-files';
import { ffmpegMissingLine, chooseFfmpeg } from './media/ffmpeg-binary';
import { buildNodeApp } from './node/node-app';
import { createStorage } from './storage/create-storage';
import { StoredFiles } from './storage/stored-files';

/** `npm run node` (or `--node`): a downloader node working for the main app at PUBLIC_URL. */
const nodeMode = process.argv.includes('--node') || process.env.NODE_MODE === '1';

const redactSecrets = (url: string): string =>
  url.replace(/([?&](?:code|resetToken|token)=)[^&#]*/gi, '$1[redacted]');

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // A worker of several processes (PROCESSES): the primary has prepared the house and speaks.
  if (cluster.isWorker) {
    await serve(config, chooseFfmpeg(config.ffmpegPath) !== null);
    return;
  }

  // Media features need ffmpeg; without one the library is still served, so say so and go on.
  const ffmpeg = chooseFfmpeg(config.ffmpegPath);
  if (ffmpeg === null) console.warn(ffmpegMissingLine(config.ffmpegPath));
  else if (ffmpeg.source === 'bundled')
    console.log(`No ffmpeg on PATH: using the one shipped with npm (${ffmpeg.version})`);

  const { db, dialect } = createDatabase(config);
  await migrateToLatest(db, dialect);
  if (nodeMode) return runNode(config, db);
  const seeded = await seed(db, config);
  if (config.demo && ffmpeg !== null)
    await ensureDemoLibrary(
      buildRepositories(db, dialect).catalogueWrite,
      new StoredFiles(await createStorage(config.storage), config.dataDir),
      config.dataDir,
      console.log,
    );
  await db.destroy();

  const { processes } = config.connections;
  if (processes > 1) {
    // Before any worker starts, so no worker's half-written file is taken for a leftover.
    await sweepTempFiles(config, consoleSweepLog);
    await runPrimary({
      processes,
      log: console.log,
      onListening: () => announce(config, seeded, ` (${processes} processes)`),
    });
    return;
  }
  const app = await serve(config, ffmpeg !== null);
  // Half-written files of a process killed mid-write. Behind the listener, not before it: only
  // files older than this process are taken, so requests already running are never touched.
  void sweepTempFiles(config, app.log);
  announce(config, seeded, '');
}

/** Builds the app on its own connections, listens, and closes cleanly on SIGINT or SIGTERM. */
async function serve(config: Config, withFfmpeg: boolean): Promise<FastifyInstance> {
  const { db, dialect } = createDatabase(config);
  const app = await buildApp({
    config,
    db,
    storage: await createStorage(config.storage),
    repositories: buildRepositories(db, dialect),
    // Tracks imported before loudness was measured at import get theirs in the background.
    loudnessBackfill: withFfmpeg,
    logger: {
      level: config.logLevel,
      serializers: {
        // Confirmation and reset codes travel in query strings; they must not land in logs.
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactSecrets(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
  });
  await app.listen({
    port: config.port,
    host: config.host,
    backlog: config.connections.listenBacklog,
  });

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    // New connections are refused at once (and /readyz says draining to a check in flight);
    // running requests get the grace period, then their connections are cut, so a stuck
    // upload or a whole-album stream cannot hold a deploy for minutes.
    const cut = setTimeout(() => {
      app.log.warn(`connections still open after ${config.shutdownGraceMs} ms: closing them`);
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    app
      .close()
      .then(() => clearTimeout(cut))
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  return app;
}

/** Where the start-up sweep reports: the app's logger, or the console of the primary. */
interface SweepLog {
  info(fields: { removed: string[] }, line: string): void;
  warn(fields: { err: unknown }, line: string): void;
}

const consoleSweepLog: SweepLog = {
  info: (_fields, line) => console.log(line),
  warn: ({ err }, line) => console.warn(line, err),
};

async function sweepTempFiles(config: Config, log: SweepLog): Promise<void> {
  try {
    const { removed } = await sweepLeftoverTempFiles(config.dataDir, performance.timeOrigin);
    log.info({ removed }, `start-up sweep: ${removed.length} leftover temporary files removed`);
  } catch (err) {
    log.warn({ err }, 'start-up sweep failed');
  }
}

function announce(
  config: Config,
  seeded: Awaited<ReturnType<typeof seed>>,
  processes: string,
): void {
  console.log(`Musicbox is running at ${config.publicUrl}${processes}`);
  if (seeded.adminCreated) {
    console.log(`Administrator account created: user "${config.adminUser}"`);
    if (config.adminPassword === null) {
      console.log(`  password: ${seeded.adminPassword} (shown once; change it after signing in)`);
    } else {
      console.log('  password: the value of ADMIN_PASSWORD');
    }
  }
}

async function runNode(config: Config, db: ReturnType<typeof createDatabase>['db']): Promise<void> {
  if (config.downloader.nodeToken === null) {
    console.error(
      'Musicbox node cannot start: set NODE_TOKEN to the token the main app has for this server',
    );
    process.exit(1);
  }
  const app = await buildNodeApp(config, db);
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Musicbox downloader node listening on port ${config.port}, working for ${config.publicUrl}`,
  );
  const shutdown = (): void => {
    app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('Musicbox failed to start:', error);
  process.exit(1);
});
