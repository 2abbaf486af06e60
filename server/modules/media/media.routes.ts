import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ImageStore } from '../../media/image-store';
import { ProcessSlots } from '../../media/process-slots';
import { Transcoder } from '../../media/transcoder';
import { CatalogueWriteRepository } from '../catalogue/catalogue-write.repository';
import { adminMediaRoutes } from './admin-media.routes';
import { AdminMediaService } from './admin-media.service';
import { downloadRoutes } from './download.routes';
import { DownloadService } from './download.service';
import { MediaContexts } from './media-context';
import { MediaRepository } from './media.repository';
import { PlaybackService } from './playback.service';
import { streamRoutes } from './stream.routes';

// One pool of ffmpeg slots for the whole process (cores), shared by every app built in it.
const slots = new ProcessSlots();

/** The media calls under /downloader: streams, previews, downloads and admin file work. */
export function mediaRoutes(app: FastifyInstance, deps: AppDeps): void {
  const repo = new MediaRepository(deps.db, deps.dialect);
  const catalogue = new CatalogueWriteRepository(deps.db, deps.dialect);
  const images = new ImageStore(join(deps.config.dataDir, 'images'));
  const transcoder = new Transcoder(join(deps.config.dataDir, 'cache'), slots);
  const contexts = new MediaContexts(repo, deps.settings);
  const playback = new PlaybackService(repo, catalogue, contexts, transcoder);
  const downloads = new DownloadService(repo, contexts, transcoder, images);
  const admin = new AdminMediaService(repo, catalogue, images);

  streamRoutes(app, playback, downloads);
  downloadRoutes(app, downloads);
  adminMediaRoutes(app, admin);
}
