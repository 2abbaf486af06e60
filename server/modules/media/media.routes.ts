import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { adminMediaRoutes } from './admin-media.routes';
import { downloadRoutes } from './download.routes';
import { gaplessRoutes } from './gapless.routes';
import { streamRoutes } from './stream.routes';
import { castRoutes } from './cast.routes';

/** The media calls under /downloader: streams, previews, downloads and admin file work. */
export function mediaRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { playback, downloads, adminMedia, gapless, castLinks } = deps.services;
  streamRoutes(app, playback, downloads);
  downloadRoutes(app, downloads);
  adminMediaRoutes(app, adminMedia);
  gaplessRoutes(app, gapless);
  castRoutes(app, castLinks, playback);
}
