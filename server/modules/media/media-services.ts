import { join } from 'node:path';
import type { AppDeps } from '../../app-deps';
import { ImageStore } from '../../media/image-store';
import { ProcessSlots } from '../../media/process-slots';
import { Transcoder } from '../../media/transcoder';
import { AdminMediaService } from './admin-media.service';
import { DownloadService } from './download.service';
import { MediaContexts } from './media-context';
import type { MediaRepository } from './media.repository';
import { PlaybackService } from './playback.service';
import type { StoredFiles } from '../../storage/stored-files';

// One pool of ffmpeg slots for the whole process (cores), shared by every app built in it.
const slots = new ProcessSlots();

/** The media services of one app: /downloader and /rest (Subsonic) share them. */
export interface MediaServices {
  repo: MediaRepository;
  contexts: MediaContexts;
  transcoder: Transcoder;
  images: ImageStore;
  /** Where every file of a row is read (DATA_DIR or object storage). */
  files: StoredFiles;
  playback: PlaybackService;
  downloads: DownloadService;
  admin: AdminMediaService;
}

const built = new WeakMap<AppDeps, MediaServices>();

/**
 * Built once per app, so every route that streams shares one transcoder (its in-flight runs are
 * joined, never started twice) and the same rules.
 */
export function mediaServices(deps: AppDeps): MediaServices {
  const existing = built.get(deps);
  if (existing) return existing;
  const repo = deps.repositories.media;
  const catalogue = deps.repositories.catalogueWrite;
  const { files } = deps;
  const images = new ImageStore(files.storage);
  const transcoder = new Transcoder(
    join(deps.config.dataDir, 'cache'),
    slots,
    undefined,
    undefined,
    files,
  );
  const contexts = new MediaContexts(repo, deps.settings);
  const services: MediaServices = {
    repo,
    contexts,
    transcoder,
    images,
    files,
    playback: new PlaybackService(repo, catalogue, contexts, transcoder, files),
    downloads: new DownloadService(repo, contexts, transcoder, images, files),
    admin: new AdminMediaService(repo, catalogue, images, files),
  };
  built.set(deps, services);
  return services;
}
