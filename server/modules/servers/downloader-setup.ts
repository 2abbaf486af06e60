import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LOCAL_SERVER_ID } from '../../../domain/settings';
import type { AppDeps } from '../../app-deps';
import { takeAdvisoryLease } from '../../db/advisory-lease';
import { ServerLogs } from '../../node/engine/daily-log';
import { DownloaderHost } from '../../node/engine/downloader-host';
import type { InstalledEngines } from '../../node/engines';
import { externalRoutes } from '../external';
import { createDownloadImporter } from './import-download';
import { ingestRoutes } from './ingest.routes';
import { IngestService } from './ingest.service';
import { serversRoutes } from './servers.routes';
import { ServersService } from './servers.service';

/** pg_advisory_lock's first key for the built-in server's downloads (the second: its id). */
const DOWNLOAD_LOCK = 0x6d62646c; // "mbdl"

/**
 * The main app's side of the downloader: the built-in local server (registered on first
 * start, running in this process), the server list and proxy routes, the nodes' hand-over
 * routes and the external queue, run with the given engines (closed on stop). Local downloads are stored in DATA_DIR/media/downloads/local.
 */
export async function setupDownloader(
  app: FastifyInstance,
  deps: AppDeps,
  engines: InstalledEngines,
): Promise<{ start(): Promise<void>; stop(): Promise<void> }> {
  const { config, db, dialect, settings } = deps;
  const { close: closeEngines, ...engineOptions } = engines;
  const logs = new ServerLogs(path.join(config.dataDir, 'logs'));
  const importDir = createDownloadImporter(deps.repositories, deps.files);
  const defaultPost = async () => (await settings.get()).defaultPost;
  const local = new DownloaderHost(
    {
      db,
      serverId: LOCAL_SERVER_ID,
      workDir: path.join(config.dataDir, 'media', 'downloads', 'local'),
      removeAfterImport: false,
      importFiles: (dir, job, log) => importDir(dir, job.name, log),
      defaultPost,
      log: (line) => logs.of(LOCAL_SERVER_ID).write(line),
      allowPrivate: config.downloader.allowPrivate,
      maxBytes: config.downloader.maxBytes,
      // Several app servers on one PostgreSQL share server 0's downloads: each runs on the
      // server that claimed it, and one whose server died is taken over by another.
      ...(dialect === 'postgres'
        ? {
            claim: (downloadId: number) =>
              takeAdvisoryLease(db, dialect, DOWNLOAD_LOCK, downloadId),
            recoverEveryMs: config.jobs.leaseSeconds * 1000,
          }
        : {}),
      ...engineOptions,
    },
    deps.repositories,
  );
  // The node process polls its own feeds; the app's built-in server polls once per round
  // across every app server sharing the database.
  local.scheduleFeedsOn(deps.jobs);
  const servers = new ServersService(db, local, defaultPost, deps.repositories);
  await servers.repo.ensureLocal(config.publicUrl);

  serversRoutes(app, deps, servers);
  const ingest = new IngestService(servers.repo, config.dataDir, config.downloader.maxBytes, {
    importDir,
    logLines: (serverId, lines) => logs.of(serverId).writeStamped(lines),
  });
  await ingest.removePartials();
  await ingestRoutes(app, ingest);
  externalRoutes(app, deps, servers);
  return {
    start: () => local.start(),
    async stop() {
      local.stop();
      // The torrent source's aria2c goes with the app (it also dies with the process anyway).
      await closeEngines();
      await logs.close();
    },
  };
}
