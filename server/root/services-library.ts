import { AnnotationsService } from '../modules/annotations/annotations.service';
import { ArtistsService } from '../modules/artists/artists.service';
import { CatalogueService } from '../modules/catalogue/catalogue.service';
import { HomepageService } from '../modules/catalogue/homepage.service';
import { MissingFilesService } from '../modules/catalogue/missing-files.service';
import { CommentsService } from '../modules/comments/comments.service';
import { ImagesService } from '../modules/images/images.service';
import { ImportJobsService } from '../modules/library/import-jobs.service';
import { LibrariesService } from '../modules/library/libraries.service';
import { LyricsService } from '../modules/lyrics/lyrics.service';
import type { MediaServices } from './services-media';
import { MessagesService } from '../modules/messages/messages.service';
import { ThreadsService } from '../modules/messages/threads.service';
import { PlayQueueService } from '../modules/play-queue/play-queue.service';
import { PlaylistsService } from '../modules/playlists/playlists.service';
import { RequestsService } from '../modules/requests/requests.service';
import type { SettingsService } from '../modules/settings/settings.service';
import { SharedContent } from '../modules/shares/shared-content';
import { SharesService } from '../modules/shares/shares.service';
import type { ServiceInputs } from './service-inputs';

/** The library and what members do with it: browse, listen, annotate, share, talk. */
export interface LibraryServices {
  catalogue: CatalogueService;
  artists: ArtistsService;
  lyrics: LyricsService;
  images: ImagesService;
  playlists: PlaylistsService;
  /** Favourites, likes and ratings: one store for /api and /rest. */
  annotations: AnnotationsService;
  playQueue: PlayQueueService;
  /** Scans of the libraries, in the background. */
  importJobs: ImportJobsService;
  /** The libraries: MUSIC_DIR's and the ones administrators add (issue 46). */
  libraries: LibrariesService;
  /** Files gone from MUSIC_DIR: counted, purged after MISSING_RETENTION_DAYS (0056). */
  missingFiles: MissingFilesService;
  shares: SharesService;
  /** What a share link shows and plays. */
  sharedContent: SharedContent;
  comments: CommentsService;
  messages: MessagesService;
  threads: ThreadsService;
  requests: RequestsService;
}

export function buildLibraryServices(
  inputs: ServiceInputs,
  settings: SettingsService,
  media: Pick<MediaServices, 'imageStore'>,
): LibraryServices {
  const { config, db, dialect, files, jobs, log, repositories } = inputs;
  const read = repositories.catalogueRead;
  const homepage = new HomepageService(repositories.homepage, read, settings, dialect, jobs);
  // Before buildApp starts the queue: the generated playlists' job is registered here.
  homepage.schedule();
  const playlists = new PlaylistsService(repositories.playlists);
  const messageDeps = { settings, mailer: inputs.mailer, config, limiter: inputs.limiter };
  const messages = new MessagesService(messageDeps, repositories);
  const importJobs = new ImportJobsService(config, log, jobs, media.imageStore, repositories);
  const missingFiles = new MissingFilesService(repositories);
  // Likewise the rescan of each library every SCAN_INTERVAL and the daily purge of missing files.
  importJobs.schedule(missingFiles);
  return {
    catalogue: new CatalogueService(
      read,
      repositories.search,
      repositories.catalogueEdit,
      homepage,
      files,
    ),
    artists: new ArtistsService(repositories.artists, read),
    lyrics: new LyricsService(repositories.lyrics),
    images: new ImagesService(media.imageStore, repositories.images),
    playlists,
    // Likes go through the app's playlists service (the liked playlist).
    annotations: new AnnotationsService(
      repositories.stars,
      repositories.ratings,
      repositories.annotatedItems,
      playlists,
    ),
    playQueue: new PlayQueueService(repositories.playQueue),
    importJobs,
    libraries: new LibrariesService(repositories, config, importJobs),
    missingFiles,
    shares: new SharesService(
      db,
      repositories.shares,
      read,
      repositories.playlists,
      inputs.limiter,
      config.publicUrl,
      inputs.callers,
    ),
    sharedContent: new SharedContent(
      repositories.shares,
      read,
      repositories.media,
      repositories.images,
      settings,
    ),
    comments: new CommentsService(repositories.comments, settings),
    messages,
    threads: new ThreadsService(repositories),
    requests: new RequestsService({ settings, config }, repositories, messages),
  };
}
