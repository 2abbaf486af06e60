import type {
  Download,
  DownloadInputSchema,
  RssFeed,
  RssFeedInputSchema,
} from '../../../domain/servers';
import type { z } from 'zod';

export type DownloadInputParsed = z.output<typeof DownloadInputSchema>;
export type RssFeedInputParsed = z.output<typeof RssFeedInputSchema>;

/**
 * What `/downloader/{id}/api/*` does on one server: in-process for the local server
 * (DownloaderHost), over HTTP with the server's token for a node (RemoteNode).
 */
export interface DownloaderBackend {
  listDownloads(): Promise<Download[]>;
  getDownload(downloadId: number): Promise<Download>;
  addDownload(input: DownloadInputParsed): Promise<Download>;
  deleteDownload(downloadId: number): Promise<void>;
  listFeeds(): Promise<RssFeed[]>;
  addFeed(input: RssFeedInputParsed): Promise<RssFeed>;
  deleteFeed(feedId: number): Promise<void>;
  status(): Promise<{ activeDownloads: number }>;
}
