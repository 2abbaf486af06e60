import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { externalRoutes } from '../external';
import { ingestRoutes } from './ingest.routes';
import { serversRoutes } from './servers.routes';

/**
 * The main app's side of the downloader: the built-in local server (registered on first
 * start; it runs in this process, built and started by server/root and app.ts), the server
 * list and proxy routes, the nodes' hand-over routes and the external queue.
 */
export async function downloaderRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { servers, ingest } = deps.services;
  await servers.ensureLocal(deps.config.publicUrl);
  serversRoutes(app, deps);
  await ingest.removePartials();
  await ingestRoutes(app, ingest);
  externalRoutes(app, deps);
}
