import {
  torrentPlaceholder,
  TORRENT_URL_LENGTH,
  type Download,
  type RssFeed,
} from '../../../domain/servers';
import type { Db } from '../../db/database';
import type { DownloadRow } from '../../db/server-tables';
import { NotFound } from '../../errors';
import type { JobQueue } from '../../jobs/queue/job-queue';
import type {
  DownloaderBackend,
  DownloadInputParsed,
  RssFeedInputParsed,
} from '../../modules/servers';
import { DownloadsRepository } from '../../modules/servers';
import { FeedsRepository } from '../../modules/servers';
import type {
  CheckFeed,
  DownloadSource,
  FeedItemMatch,
  PostActionSpec,
  RunPostActions,
} from '../contracts';
import { createUrlSource } from '../sources/url/url-source';
import { basicCheckFeed } from './basic-feed-check';
import { DownloadRunner, type ImportFiles, type RunnerDeps } from './download-runner';
import { FeedPoller } from './feed-poller';
import { skipPostActions } from './no-post-actions';
import { SourceRegistry } from './source-registry';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  downloads: DownloadsRepository;
  feeds: FeedsRepository;
}

/** The engines a host runs with; tests and the merge with h-eng's engines inject these. */
export interface EngineOptions {
  /** Sources besides url (torrent, deezer, spotify plug-ins). */
  sources?: DownloadSource[];
  runPostActions?: RunPostActions;
  checkFeed?: CheckFeed;
  feedTickMs?: number;
  now?: () => Date;
  concurrency?: number;
}

export interface HostOptions extends EngineOptions {
  db: Db;
  serverId: number;
  workDir: string;
  removeAfterImport: boolean;
  importFiles: ImportFiles;
  defaultPost: () => Promise<PostActionSpec[]>;
  log: (line: string) => void;
  allowPrivate: boolean;
  maxBytes: number;
  /** Several app servers share these downloads: each runs where it is claimed (RunnerDeps). */
  claim?: RunnerDeps['claim'];
  /** How often to look for downloads a dead app server left (with `claim`), ms. */
  recoverEveryMs?: number;
}

const shortUrl = (row: DownloadRow): string =>
  row.url.length >= TORRENT_URL_LENGTH ? torrentPlaceholder(row.name) : row.url;

const sourceOfItem = (item: FeedItemMatch): string =>
  /^magnet:|\.torrent(\?|$)/i.test(item.url) ? 'torrent' : 'url';

/** The process that owns a server's downloads and feeds: the main app for server 0, or a node. */
export class DownloaderHost implements DownloaderBackend {
  private readonly downloads: DownloadsRepository;
  private readonly feeds: FeedsRepository;
  private readonly runner: DownloadRunner;
  private readonly poller: FeedPoller;
  private recovery: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: HostOptions,
    private readonly repos: Repositories,
  ) {
    this.downloads = this.repos.downloads;
    this.feeds = this.repos.feeds;
    const sources = new SourceRegistry().register(
      createUrlSource({ allowPrivate: options.allowPrivate, maxBytes: options.maxBytes }),
    );
    for (const source of options.sources ?? []) sources.register(source);
    this.runner = new DownloadRunner({
      serverId: options.serverId,
      downloads: this.downloads,
      sources,
      runPostActions: options.runPostActions ?? skipPostActions,
      defaultPost: options.defaultPost,
      importFiles: options.importFiles,
      workDir: options.workDir,
      removeAfterImport: options.removeAfterImport,
      log: options.log,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(options.claim ? { claim: options.claim } : {}),
    });
    this.poller = new FeedPoller({
      serverId: options.serverId,
      feeds: this.feeds,
      checkFeed: options.checkFeed ?? basicCheckFeed(options.allowPrivate),
      addDownload: (feed, item) => this.addFromFeed(feed, item),
      log: options.log,
      ...(options.feedTickMs !== undefined ? { tickMs: options.feedTickMs } : {}),
      ...(options.now !== undefined ? { now: options.now } : {}),
    });
  }

  /** Feeds polled by the app's job queue (see FeedPoller.scheduleOn), before it starts. */
  scheduleFeedsOn(queue: JobQueue): void {
    this.poller.scheduleOn(queue);
  }

  async start(): Promise<void> {
    await this.runner.recover();
    this.poller.start();
    const every = this.options.recoverEveryMs;
    if (this.options.claim && every) {
      // A server killed mid-download frees its claims at once; the others look again.
      this.recovery = setInterval(() => void this.runner.recover().catch(() => undefined), every);
      this.recovery.unref();
    }
  }

  stop(): void {
    clearInterval(this.recovery);
    this.poller.stop();
    this.runner.stop();
  }

  /** For tests: one poll round now. */
  pollFeeds(): Promise<void> {
    return this.poller.tick();
  }

  listDownloads(): Promise<Download[]> {
    return this.downloads.list(this.options.serverId, shortUrl);
  }

  async getDownload(downloadId: number): Promise<Download> {
    const all = await this.listDownloads();
    const found = all.find((d) => d.downloadId === downloadId);
    if (!found) throw new NotFound('No such download');
    return found;
  }

  async addDownload(input: DownloadInputParsed): Promise<Download> {
    const downloadId = await this.downloads.create({
      serverId: this.options.serverId,
      name: input.name ?? null,
      source: input.source,
      url: input.url.replace(/\s+/g, input.url.length >= TORRENT_URL_LENGTH ? '' : ' ').trim(),
      keepOriginal: input.keepOriginal,
      options: input.options,
      postActions: input.postActions ?? null,
    });
    this.options.log(`[download ${downloadId}] queued (${input.source})`);
    this.runner.enqueue(downloadId);
    return this.getDownload(downloadId);
  }

  async deleteDownload(downloadId: number): Promise<void> {
    if (!(await this.downloads.find(this.options.serverId, downloadId)))
      throw new NotFound('No such download');
    await this.runner.cancel(downloadId);
    await this.downloads.delete(this.options.serverId, downloadId);
    this.options.log(`[download ${downloadId}] deleted`);
  }

  listFeeds(): Promise<RssFeed[]> {
    return this.feeds.list(this.options.serverId);
  }

  async addFeed(input: RssFeedInputParsed): Promise<RssFeed> {
    const feed = await this.feeds.create(this.options.serverId, input);
    this.options.log(`rss ${feed.rssFeedId}: added ${feed.rssUrl}`);
    return feed;
  }

  async deleteFeed(feedId: number): Promise<void> {
    if (!(await this.feeds.delete(this.options.serverId, feedId)))
      throw new NotFound('No such feed');
    this.options.log(`rss ${feedId}: deleted`);
  }

  async status(): Promise<{ activeDownloads: number }> {
    return { activeDownloads: await this.downloads.countActive(this.options.serverId) };
  }

  private async addFromFeed(feed: RssFeed, item: FeedItemMatch): Promise<void> {
    await this.addDownload({
      url: item.url,
      source: sourceOfItem(item) as DownloadInputParsed['source'],
      name: item.title.slice(0, 200) || null,
      keepOriginal: false,
      options: {},
      postActions: feed.postActions.length > 0 ? feed.postActions : null,
    });
  }
}
