import type { Db, Dialect } from '../db/database';
import {
  AnnotatedItemsRepository,
  RatingsRepository,
  StarsRepository,
} from '../modules/annotations/annotations.repository';
import { ArtistsRepository } from '../modules/artists/artists.repository';
import { AppPasswordsRepository } from '../modules/app-passwords/app-passwords.repository';
import { CodesRepository } from '../modules/auth/codes.repository';
import { SessionsRepository } from '../modules/auth/sessions.repository';
import { BackupsRepository } from '../modules/backups/backups.repository';
import { CatalogueReadRepository } from '../modules/catalogue/catalogue-read.repository';
import { CatalogueEditRepository } from '../modules/catalogue/catalogue-edit.repository';
import { CatalogueWriteRepository } from '../modules/catalogue/catalogue-write.repository';
import { LibraryBrowseRepository } from '../modules/catalogue/library-browse.repository';
import { LibraryCollectionsRepository } from '../modules/catalogue/library-collections.repository';
import { LibraryItemsRepository } from '../modules/catalogue/library-items.repository';
import { LibraryListsRepository } from '../modules/catalogue/library-lists.repository';
import { LibrarySyncRepository } from '../modules/catalogue/library-sync.repository';
import { HomepageRepository } from '../modules/catalogue/homepage.repository';
import { SearchRepository } from '../modules/catalogue/search.repository';
import { TrackTagsRepository } from '../modules/catalogue/track-tags.repository';
import { CommentsRepository } from '../modules/comments/comments.repository';
import { ContactRepository } from '../modules/contact/contact.repository';
import { HealthRepository } from '../modules/health/health.repository';
import { HistoryStatsRepository } from '../modules/history/history-stats.repository';
import { ListensHistoryRepository } from '../modules/history/listens-history.repository';
import { YearSharesRepository } from '../modules/history/year-shares.repository';
import { BookmarksRepository } from '../modules/bookmarks/bookmarks.repository';
import { PodcastsRepository } from '../modules/podcasts/podcasts.repository';
import { PodcastFeedsRepository } from '../modules/podcasts/podcast-feeds.repository';
import { RadioStationsRepository } from '../modules/radio-stations/radio-stations.repository';
import { ImagesRepository } from '../modules/images/images.repository';
import { ImportJobsRepository } from '../modules/library/import-jobs.repository';
import { ImportLeaseRepository } from '../modules/library/import-lease.repository';
import { LibrariesRepository } from '../modules/library/libraries.repository';
import { LibraryUploadRepository } from '../modules/library-upload/library-upload.repository';
import { LyricsRepository } from '../modules/lyrics/lyrics.repository';
import { MediaRepository } from '../modules/media/media.repository';
import { MediaContextRepository } from '../modules/media/media-context.repository';
import { StoredPathsRepository } from '../modules/media/stored-paths.repository';
import { MessagesRepository } from '../modules/messages/messages.repository';
import { ThreadsRepository } from '../modules/messages/threads.repository';
import { PlayQueueRepository } from '../modules/play-queue/play-queue.repository';
import { DevicesRepository } from '../modules/devices/devices.repository';
import { PartiesRepository } from '../modules/parties/parties.repository';
import { PartyFilesRepository } from '../modules/parties/party-files.repository';
import { PartyTracksRepository } from '../modules/parties/party-tracks.repository';
import { PlaylistsRepository } from '../modules/playlists/playlists.repository';
import { SmartPlaylistsRepository } from '../modules/smart-playlists/smart-playlists.repository';
import { SmartTracksRepository } from '../modules/smart-playlists/smart-tracks.repository';
import { RadioCandidatesRepository } from '../modules/radio/radio-candidates.repository';
import { RadioRepository } from '../modules/radio/radio.repository';
import { RequestsRepository } from '../modules/requests/requests.repository';
import { RolesRepository } from '../modules/roles/roles.repository';
import { NowPlayingRepository } from '../modules/scrobbling/now-playing.repository';
import { ScrobblingRepository } from '../modules/scrobbling/scrobbling.repository';
import { DownloadRequestsRepository } from '../modules/servers/download-requests.repository';
import { DownloadsRepository } from '../modules/servers/downloads.repository';
import { FeedsRepository } from '../modules/servers/feeds.repository';
import { ImportedCollectionsRepository } from '../modules/servers/imported-collections.repository';
import { ServersRepository } from '../modules/servers/servers.repository';
import { SettingsRepository } from '../modules/settings/settings.repository';
import { SharesRepository } from '../modules/shares/shares.repository';
import { ProductsRepository } from '../modules/store/products.repository';
import { TransactionsRepository } from '../modules/store/transactions.repository';
import { SupportRepository } from '../modules/support/support.repository';
import { ScheduleRepository } from '../modules/tasks/schedule.repository';
import { TasksRepository } from '../modules/tasks/tasks.repository';
import { UploadsRepository } from '../modules/uploads/uploads.repository';
import { UserUploadRepository } from '../modules/user-upload/user-upload.repository';
import { UnlockedRepository } from '../modules/users/unlocked.repository';
import { UserDeletionRepository } from '../modules/users/user-deletion.repository';
import { UsersRepository } from '../modules/users/users.repository';
import { BalanceAdjustmentRepository } from '../payments/balance-adjustment.repository';
import { DormantRepository } from '../payments/dormant.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { RateLimitsRepository } from '../plugins/rate-limit.repository';

/**
 * Every repository of the app, built once at start (decision 0055). Only the composition root
 * sees this object: it hands each service the repositories it needs, and a service joins a
 * transaction with `withExecutor(repository, trx)` instead of building one.
 */
export function buildRepositories(db: Db, dialect: Dialect) {
  const artists = new ArtistsRepository(db);
  const comments = new CommentsRepository(db);
  const lyrics = new LyricsRepository(db);
  const trackTags = new TrackTagsRepository(db, { artists, lyrics });
  const catalogueWrite = new CatalogueWriteRepository(db, dialect, { artists, lyrics, comments });
  return {
    annotatedItems: new AnnotatedItemsRepository(db),
    appPasswords: new AppPasswordsRepository(db),
    artists,
    backups: new BackupsRepository(db, dialect),
    balanceAdjustments: new BalanceAdjustmentRepository(db),
    catalogueEdit: new CatalogueEditRepository(catalogueWrite),
    catalogueRead: new CatalogueReadRepository(db),
    catalogueWrite,
    codes: new CodesRepository(db),
    comments,
    contact: new ContactRepository(db),
    dormant: new DormantRepository(db),
    downloadRequests: new DownloadRequestsRepository(db),
    downloads: new DownloadsRepository(db),
    feeds: new FeedsRepository(db),
    health: new HealthRepository(db),
    historyStats: new HistoryStatsRepository(db, dialect),
    homepage: new HomepageRepository(db),
    images: new ImagesRepository(db),
    importedCollections: new ImportedCollectionsRepository(db),
    importJobs: new ImportJobsRepository(db),
    importLease: new ImportLeaseRepository(db, dialect),
    libraries: new LibrariesRepository(db),
    libraryBrowse: new LibraryBrowseRepository(db, dialect),
    libraryCollections: new LibraryCollectionsRepository(db),
    libraryItems: new LibraryItemsRepository(db),
    libraryLists: new LibraryListsRepository(db),
    librarySync: new LibrarySyncRepository(db),
    libraryUpload: new LibraryUploadRepository(db, comments),
    listensHistory: new ListensHistoryRepository(db, dialect),
    lyrics,
    media: new MediaRepository(db, dialect, trackTags),
    mediaContext: new MediaContextRepository(db),
    messages: new MessagesRepository(db),
    nowPlaying: new NowPlayingRepository(db),
    payments: new PaymentsRepository(db),
    playlists: new PlaylistsRepository(db),
    smartPlaylists: new SmartPlaylistsRepository(db),
    smartTracks: new SmartTracksRepository(db, dialect),
    playQueue: new PlayQueueRepository(db),
    devices: new DevicesRepository(db),
    parties: new PartiesRepository(db),
    partyFiles: new PartyFilesRepository(db),
    partyTracks: new PartyTracksRepository(db),
    products: new ProductsRepository(db),
    radio: new RadioRepository(db),
    radioCandidates: new RadioCandidatesRepository(db),
    rateLimits: new RateLimitsRepository(db),
    ratings: new RatingsRepository(db),
    requests: new RequestsRepository(db, comments),
    roles: new RolesRepository(db),
    // Podcasts, internet radio and bookmarks (issue 49).
    podcasts: new PodcastsRepository(db),
    podcastFeeds: new PodcastFeedsRepository(db),
    radioStations: new RadioStationsRepository(db),
    bookmarks: new BookmarksRepository(db),
    schedule: new ScheduleRepository(db),
    scrobbling: new ScrobblingRepository(db),
    search: new SearchRepository(db, dialect),
    servers: new ServersRepository(db),
    sessions: new SessionsRepository(db),
    settings: new SettingsRepository(db),
    shares: new SharesRepository(db),
    stars: new StarsRepository(db),
    storedPaths: new StoredPathsRepository(db),
    support: new SupportRepository(db),
    tasks: new TasksRepository(db),
    threads: new ThreadsRepository(db),
    trackTags,
    transactions: new TransactionsRepository(db),
    unlocked: new UnlockedRepository(db),
    uploads: new UploadsRepository(db),
    userDeletion: new UserDeletionRepository(db),
    users: new UsersRepository(db),
    userUpload: new UserUploadRepository(db),
    yearShares: new YearSharesRepository(db),
  };
}

export type Repositories = ReturnType<typeof buildRepositories>;
