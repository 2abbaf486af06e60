import path from 'node:path';
import { LOCAL_SERVER_ID } from '../../domain/settings';
import { takeAdvisoryLease } from '../db/advisory-lease';
import type { ImageStore } from '../media/image-store';
import { DeezerSearchClient } from '../modules/external/deezer-search.client';
import { ExternalService } from '../modules/external/external.service';
import { createDownloadImporter } from '../modules/servers/import-download';
import { IngestService } from '../modules/servers/ingest.service';
import { ServersService } from '../modules/servers/servers.service';
import type { SettingsService } from '../modules/settings/settings.service';
import { ServerLogs } from '../node/engine/daily-log';
import { DownloaderHost } from '../node/engine/downloader-host';
import type { ServiceInputs } from './service-inputs';

/** pg_advisory_lock's first key for the built-in server's downloads (the second: its id). */
const DOWNLOAD_LOCK = 0x6d62646c; // "mbdl"

export interface DownloaderServices {
  /** The server list and each server's downloads: the built-in local one or a node. */
  servers: ServersService;
  /** Finished downloads the nodes hand over, imported as collections. */
  ingest: IngestService;
  /** External catalogue search, and queueing a found track for download. */
  external: ExternalService;
}

/** The built-in server's downloads, started once the app is ready and stopped on close. */
export interface DownloaderRuntime {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The main app's side of the downloader: the built-in local server running in this process
 * with the given engines (closed on stop), the servers, the nodes' hand-over and the external
 * queue. Local downloads are stored in DATA_DIR/media/downloads/local.
 */
export function buildDownloaderServices(
  inputs: ServiceInputs,
  settings: SettingsService,
  imageStore: ImageStore,
): { services: DownloaderServices; runtime: DownloaderRuntime } {
  const { config, db, dialect, repositories } = inputs;
  const { close: closeEngines, ...engineOptions } = inputs.engines;
  const logs = new ServerLogs(path.join(config.dataDir, 'logs'));
  const importDir = createDownloadImporter(repositories, inputs.files, imageStore);
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
    repositories,
  );
  // The node process polls its own feeds; the app's built-in server polls once per round
  // across every app server sharing the database.
  local.scheduleFeedsOn(inputs.jobs);
  const servers = new ServersService(db, local, defaultPost, repositories);
  const ingest = new IngestService(
    repositories.servers,
    config.dataDir,
    config.downloader.maxBytes,
    {
      importDir,
      logLines: (serverId, lines) => logs.of(serverId).writeStamped(lines),
    },
  );
  const external = new ExternalService({
    client: new DeezerSearchClient(config.externalSearchUrl),
    requests: repositories.downloadRequests,
    servers,
    settings,
  });
  return {
    services: { servers, ingest, external },
    runtime: {
      start: () => local.start(),
      async stop() {
        local.stop();
        // The torrent source's aria2c goes with the app (it also dies with the process anyway).
        await closeEngines();
        await logs.close();
      },
    },
  };
}
