import type { z } from 'zod';
import type {
  DownloadRequested,
  DownloadRequestSchema,
  DownloadStatus,
  ExternalSearchResult,
} from '../../../domain/external';
import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import { requestsLimited } from '../../access/requests';
import {
  mayReadDownloadStatus,
  requireDownloadRequests,
  requireRequestLeft,
} from '../../access/servers';
import { NotFound } from '../../errors';
import type { DownloadRequestsRepository } from '../servers';
import type { ServersService } from '../servers';
import type { SettingsService } from '../settings';
import type { DeezerSearchClient } from './deezer-search.client';
import { PerUserLimit } from './per-user-limit';

const SEARCHES_PER_MINUTE = 30;
const REQUESTS_PER_MINUTE = 10;

/** A platform names the source that downloads its links (deezer → deezer, a link → url). */
const sourceOf = (platform: string) =>
  (['deezer', 'spotify', 'torrent', 'url'] as const).find((s) => s === platform.toLowerCase()) ??
  'url';

export interface ExternalDeps {
  client: DeezerSearchClient;
  requests: DownloadRequestsRepository;
  servers: ServersService;
  settings: SettingsService;
}

/** External catalogue search, and queueing a found track for download into the library. */
export class ExternalService {
  // Each search costs a call to a third party that rate-limits us in turn.
  private readonly searches = new PerUserLimit(SEARCHES_PER_MINUTE, 60_000);
  private readonly downloads = new PerUserLimit(REQUESTS_PER_MINUTE, 60_000);

  constructor(private readonly deps: ExternalDeps) {}

  search(caller: Caller, q: string, index: number): Promise<ExternalSearchResult> {
    requireBrowse(caller);
    this.searches.consume(caller.userId);
    return this.deps.client.search(q, index);
  }

  /** Counted against remainingRequests; given back when the server refuses to queue it. */
  async request(
    caller: Caller,
    serverId: number,
    { platform, url }: z.infer<typeof DownloadRequestSchema>,
  ): Promise<DownloadRequested> {
    const settings = await this.deps.settings.get();
    requireDownloadRequests(caller, settings);
    const backend = await this.deps.servers.backend(serverId);
    this.downloads.consume(caller.userId);
    const limited = requestsLimited(caller);
    requireRequestLeft(await this.deps.requests.takeRequest(caller.userId, limited));
    try {
      const download = await backend.addDownload({
        url,
        source: sourceOf(platform),
        name: null,
        keepOriginal: false,
        options: settings.downloaderDefaults[sourceOf(platform)] ?? {},
      });
      await this.deps.requests.record(serverId, download.downloadId, caller.userId);
      return { downloadId: String(download.downloadId) };
    } catch (error) {
      await this.deps.requests.returnRequest(caller.userId, limited);
      throw error;
    }
  }

  /** Readable by the user who asked for the download and by administrators; else missing. */
  async status(caller: Caller, serverId: number, downloadId: number): Promise<DownloadStatus> {
    if (!mayReadDownloadStatus(caller, await this.deps.requests.owner(serverId, downloadId)))
      throw new NotFound('No such download');
    const backend = await this.deps.servers.backend(serverId);
    const download = await backend.getDownload(downloadId);
    return {
      collectionId: download.state === 'done' ? download.collectionId : null,
      state: download.state,
      downloadId: String(download.downloadId),
    };
  }
}
