import type { AnnotationsService } from '../modules/annotations';
import type { ArtistsService } from '../modules/artists';
import type { CatalogueService } from '../modules/catalogue';
import type { ImagesService } from '../modules/images';
import type { LyricsService } from '../modules/lyrics';
import { CastLinksService, type DownloadService, type PlaybackService } from '../modules/media';
import type { PlayQueueService } from '../modules/play-queue';
import { DeviceHub, DevicesService } from '../modules/devices';
import { PartiesService } from '../modules/parties';
import { createNotifyBus } from '../db/notify-bus';
import type { PlaylistsService } from '../modules/playlists';
import { SmartPlaylistsService } from '../modules/smart-playlists';
import { RadioService } from '../modules/radio/radio.service';
import type { ListensService } from '../modules/scrobbling';
import { buildLibraryViews, type LibraryViews } from './library-views';
import { BackupScheduler } from '../modules/backups/backup-scheduler';
import { BackupsService } from '../modules/backups/backups.service';
import { AppPasswordsService } from '../modules/app-passwords/app-passwords.service';
import { AuthService } from '../modules/auth/auth.service';
import { ContactService } from '../modules/contact/contact.service';
import { HealthService } from '../modules/health/health.service';
import { HistoryService } from '../modules/history/history.service';
import { YearSharesService } from '../modules/history/year-shares.service';
import { RolesService } from '../modules/roles/roles.service';
import { SettingsService } from '../modules/settings/settings.service';
import { TasksService } from '../modules/tasks/tasks.service';
import { AccountService } from '../modules/users/account.service';
import { UsersAdminService } from '../modules/users/users-admin.service';
import { BanCache } from '../security/ip-ban';
import { UsersService } from '../modules/users/users.service';
import { ResetScheduler } from '../jobs/reset-schedules';
import { expireRoleOnRead } from '../payments/expiry';
import type { ExpireRoleOnRead } from '../plugins/session';
import { openSecretBox } from '../security/secret-box';
import type { ServiceInputs } from './service-inputs';
import {
  buildDownloaderServices,
  type DownloaderServices,
  type DownloaderRuntime,
} from './services-downloader';
import { buildLibraryServices, type LibraryServices } from './services-library';
import { buildMediaServices, type MediaServices } from './services-media';
import { buildScrobblingServices, type ScrobblingServices } from './services-scrobbling';
import { buildPodcastServices, type PodcastServices } from './services-podcasts';
import { buildStoreServices, type StoreServices } from './services-store';
import { buildUploadServices, type UploadServices } from './services-uploads';
import type { ScrobbleWorker } from '../modules/scrobbling/scrobble-worker';

/**
 * Every service, built once at start (decision 0055); routes and /rest calls only use them.
 * The groups (media, library, store, uploads, downloader, scrobbling) are built in the
 * services-*.ts files beside this one.
 */
export interface Services
  extends
    LibraryViews,
    MediaServices,
    LibraryServices,
    StoreServices,
    UploadServices,
    DownloaderServices,
    ScrobblingServices,
    PodcastServices {
  annotations: AnnotationsService;
  appPasswords: AppPasswordsService;
  artists: ArtistsService;
  catalogue: CatalogueService;
  images: ImagesService;
  lyrics: LyricsService;
  playback: PlaybackService;
  /** Signed speaker addresses for casting (issue 50). */
  castLinks: CastLinksService;
  downloads: DownloadService;
  playQueue: PlayQueueService;
  /** A user's devices and their live channels (issue 50); started and stopped by app.ts. */
  devices: DevicesService;
  /** Listening parties (issue 50, decision 0067). */
  parties: PartiesService;
  playlists: PlaylistsService;
  /** Rule-based playlists evaluated when asked (issue 48). */
  smartPlaylists: SmartPlaylistsService;
  /** Radio and instant mix (issue 48), for /api/radio and /rest's similar and top songs. */
  radio: RadioService;
  /** Plays from /api and /rest, queued for ListenBrainz and Last.fm. */
  listens: ListensService;

  settings: SettingsService;
  users: UsersService;
  auth: AuthService;
  /** The signed-in member's own account: password, deletion. */
  account: AccountService;
  /** Invites, and the administrators' user search, bans and deletion. */
  /** The banned addresses every request is checked against (server/security/ip-ban.ts). */
  bans: BanCache;
  usersAdmin: UsersAdminService;
  roles: RolesService;
  contact: ContactService;
  tasks: TasksService;
  /** The admin tasks' reset schedules, registered on the job queue by tasksRoutes. */
  taskSchedule: ResetScheduler;
  backups: BackupsService;
  /** The daily backup, registered on the job queue by backupsRoutes. */
  backupSchedule: BackupScheduler;
  /** /readyz's database check. */
  health: HealthService;
  /** Listening history and the year in review (issue 48). */
  history: HistoryService;
  /** Share links for one user's year. */
  yearShares: YearSharesService;
  /**
   * A bought role that ran out ends on the read that finds it (web sessions and /rest
   * sign-ins alike); the daily store job ends the rest.
   */
  expireRoleOnRead: ExpireRoleOnRead;
}

/** What runs in the background and is started and stopped by app.ts. */
export interface Workers {
  /** Sends the scrobble outbox. */
  scrobbles: ScrobbleWorker;
  /** The built-in server's downloads. */
  downloader: DownloaderRuntime;
}

/** The devices service with its hub, on the bus every app server of the database hears. */
function buildDevices(
  { config, db, log, repositories }: ServiceInputs,
  playQueue: () => PlayQueueService,
): DevicesService {
  const onError = (err: unknown) => log.warn({ err }, 'device channel');
  const bus = createNotifyBus(config.database, db, 'musicbox_devices', onError);
  return new DevicesService(
    repositories.devices,
    new DeviceHub(bus, onError),
    (caller, fileIds) => playQueue().entriesFor(caller, fileIds),
    onError,
  );
}

/**
 * Builds every service once, from the repositories and the app's infrastructure. Schedules
 * (homepage playlists, feeds) are registered on `inputs.jobs` here, so this runs before the
 * queue starts. Opens the secret key for app passwords and scrobble tokens (creating it on
 * first start).
 */
export async function buildServices(
  inputs: ServiceInputs,
): Promise<{ services: Services; workers: Workers }> {
  const { config, db, mailer, limiter, repositories } = inputs;
  const box = await openSecretBox(config);
  const settings = new SettingsService(db, repositories);
  const bans = new BanCache(() => repositories.sessions.listBannedIps());
  const media = buildMediaServices(inputs, settings);
  const downloader = buildDownloaderServices(inputs, settings, media.imageStore);
  const scrobbling = buildScrobblingServices(inputs, box, media.mediaContexts);
  const tasks = new TasksService(db, settings, repositories);
  const history = new HistoryService(repositories);
  const backups = new BackupsService(
    db,
    config,
    (err) => inputs.log.error({ err }, 'backup failed'),
    repositories,
  );
  const services: Services = {
    ...media,
    ...buildLibraryServices(inputs, settings, media),
    ...buildStoreServices(inputs, settings),
    ...buildUploadServices(inputs, settings, media.imageStore),
    ...downloader.services,
    ...scrobbling.services,
    ...buildPodcastServices(inputs, media.mediaContexts),
    // What /rest lists the library with (server/root/library-views.ts).
    ...buildLibraryViews(repositories),
    appPasswords: new AppPasswordsService(db, box, repositories),
    castLinks: new CastLinksService(box, media.mediaContexts, inputs.callers),
    // The play-queue service is in this same object: asked for when a transfer happens.
    devices: buildDevices(inputs, () => services.playQueue),
    parties: new PartiesService(
      repositories,
      (caller, ids) => services.playQueue.entriesFor(caller, ids),
      inputs.callers,
      limiter,
      config.publicUrl,
    ),
    // Both list their tracks as the play queue does (entries the caller may see, in order).
    smartPlaylists: new SmartPlaylistsService(repositories, (caller, ids) =>
      services.playQueue.entriesFor(caller, ids),
    ),
    radio: new RadioService(repositories, (caller, ids) =>
      services.playQueue.entriesFor(caller, ids),
    ),
    settings,
    users: new UsersService(db, settings, repositories),
    auth: new AuthService(db, config, settings, mailer, limiter, repositories),
    account: new AccountService(db, limiter, repositories),
    bans,
    usersAdmin: new UsersAdminService(db, repositories, bans),
    roles: new RolesService(db, settings, repositories),
    contact: new ContactService(db, limiter, mailer, repositories),
    tasks,
    taskSchedule: new ResetScheduler(
      db,
      settings,
      (name) => Promise.resolve(tasks.start(name)),
      repositories,
    ),
    backups,
    backupSchedule: new BackupScheduler(db, backups, repositories),
    health: new HealthService(repositories.health),
    history,
    yearShares: new YearSharesService(
      repositories,
      history,
      limiter,
      config.publicUrl,
      inputs.callers,
    ),
    expireRoleOnRead: (user, now) => expireRoleOnRead(repositories.dormant, settings, user, now),
  };
  return {
    services,
    workers: { scrobbles: scrobbling.worker, downloader: downloader.runtime },
  };
}
