import { buildRepositories } from '../root/repositories';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DownloadInputSchema, RssFeedInputSchema } from '../../domain/servers';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { Unauthorized } from '../errors';
import { registerErrorHandler } from '../plugins/errors';
import { safeEqual } from '../security/tokens';
import { DownloaderHost, type EngineOptions } from './engine/downloader-host';
import { installedEngines } from './engines';
import { LogShipper, MainAppClient } from './node-ingest.client';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});
const NODE_SERVER_ID = 0;

/**
 * Node mode: a stateless worker that downloads for the main app (PUBLIC_URL) and hands each
 * finished download over to it. Its own database only tracks downloads and feeds in flight;
 * media never stays here. Every call needs `Authorization: Bearer <NODE_TOKEN>`.
 */
export async function buildNodeApp(
  config: Config,
  db: Db,
  engines: EngineOptions = {},
): Promise<FastifyInstance> {
  const token = config.downloader.nodeToken;
  if (token === null) throw new Error('NODE_TOKEN is required in node mode');
  const app = Fastify({ logger: false, bodyLimit: 12 * 1024 * 1024 });
  registerErrorHandler(app);
  const main = new MainAppClient(config.publicUrl, token);
  const shipper = new LogShipper(main);
  const { close: closeEngines, ...installed } = installedEngines(config);
  const host = new DownloaderHost(
    {
      db,
      serverId: NODE_SERVER_ID,
      workDir: path.join(config.dataDir, 'work'),
      removeAfterImport: true,
      importFiles: (dir, job, _log, signal) => main.ingest(dir, job.name, signal),
      // The main app's settings are not visible here: a download without its own list runs none.
      defaultPost: () => Promise.resolve([]),
      log: (line) => shipper.write(line),
      allowPrivate: config.downloader.allowPrivate,
      maxBytes: config.downloader.maxBytes,
      ...installed,
      ...engines,
    },
    buildRepositories(db, config.database.kind),
  );

  app.addHook('onRequest', async (request, reply) => {
    const presented = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!safeEqual(presented, token)) {
      reply.header('connection', 'close');
      throw new Unauthorized('A valid server token is required');
    }
  });

  app.get('/node/api/status', () => host.status());
  app.get('/node/api/download', () => host.listDownloads());
  app.get('/node/api/download/:id', (request) =>
    host.getDownload(IdParams.parse(request.params).id),
  );
  app.post('/node/api/download', (request) =>
    host.addDownload(DownloadInputSchema.parse(request.body)),
  );
  app.delete('/node/api/download/:id', async (request, reply) => {
    await host.deleteDownload(IdParams.parse(request.params).id);
    return reply.status(204).send();
  });
  app.get('/node/api/rss', () => host.listFeeds());
  app.post('/node/api/rss', (request) => host.addFeed(RssFeedInputSchema.parse(request.body)));
  app.delete('/node/api/rss/:id', async (request, reply) => {
    await host.deleteFeed(IdParams.parse(request.params).id);
    return reply.status(204).send();
  });

  await host.start();
  app.addHook('onClose', async () => {
    host.stop();
    await closeEngines();
    shipper.stop();
    await shipper.flush();
  });
  return app;
}
