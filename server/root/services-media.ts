import { join } from 'node:path';
import type { Config } from '../config';
import { ImageStore } from '../media/image-store';
import { ProcessSlots } from '../media/process-slots';
import { Transcoder } from '../media/transcoder';
import { AdminMediaService } from '../modules/media/admin-media.service';
import { DownloadService } from '../modules/media/download.service';
import { GaplessService } from '../modules/media/gapless.service';
import { MediaContexts } from '../modules/media/media-context';
import { PlaybackService } from '../modules/media/playback.service';
import type { SettingsService } from '../modules/settings/settings.service';
import type { StoredFiles } from '../storage/stored-files';
import type { Repositories } from './repositories';

// One pool of ffmpeg slots for the whole process (cores), shared by every app built in it.
const slots = new ProcessSlots();

/**
 * The media services and the helpers they share: /downloader, /rest (Subsonic) and share links
 * use the same ones, so every route that streams shares one transcoder (its in-flight runs are
 * joined, never started twice) and the same rules.
 */
export interface MediaServices {
  /** The covers and thumbnails store (DATA_DIR/images or object storage). */
  imageStore: ImageStore;
  transcoder: Transcoder;
  /** Who may play or download a file, and how: the one place a media request is judged. */
  mediaContexts: MediaContexts;
  playback: PlaybackService;
  downloads: DownloadService;
  adminMedia: AdminMediaService;
  gapless: GaplessService;
}

export function buildMediaServices(
  {
    config,
    files,
    repositories,
  }: { config: Config; files: StoredFiles; repositories: Repositories },
  settings: SettingsService,
): MediaServices {
  const repo = repositories.media;
  const catalogue = repositories.catalogueWrite;
  const imageStore = new ImageStore(files.storage);
  const transcoder = new Transcoder(
    join(config.dataDir, 'cache'),
    slots,
    undefined,
    undefined,
    files,
  );
  const mediaContexts = new MediaContexts(repositories.mediaContext, settings);
  return {
    imageStore,
    transcoder,
    mediaContexts,
    playback: new PlaybackService(repo, catalogue, mediaContexts, transcoder, files),
    downloads: new DownloadService(repo, mediaContexts, transcoder, imageStore, files),
    adminMedia: new AdminMediaService(repo, catalogue, imageStore, files),
    gapless: new GaplessService(repo, mediaContexts, transcoder, files),
  };
}
