/**
 * The servers module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export type { DownloadRequestsRepository } from './download-requests.repository';
export type {
  DownloadInputParsed,
  DownloaderBackend,
  RssFeedInputParsed,
} from './downloader-backend';
export { toJob } from './downloads.repository';
export type { DownloadJob, DownloadsRepository } from './downloads.repository';
export type { FeedsRepository } from './feeds.repository';
export type { ServersService } from './servers.service';
