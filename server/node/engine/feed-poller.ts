import type { RssFeed } from '../../../domain/servers';
import type { JobQueue } from '../../jobs/queue/job-queue';
import type { FeedsRepository } from '../../modules/servers';
import type { CheckFeed, FeedItemMatch } from '../contracts';

export interface PollerDeps {
  serverId: number;
  feeds: FeedsRepository;
  checkFeed: CheckFeed;
  /** Queues a download for a new matching item. */
  addDownload: (feed: RssFeed, item: FeedItemMatch) => Promise<void>;
  log: (line: string) => void;
  /** How often due feeds are looked for; each feed's own checkInterval decides if it is due. */
  tickMs?: number;
  now?: () => Date;
}

const CHECK_TIMEOUT_MS = 60_000;

/**
 * Polls this server's feeds on their intervals. Each feed is checked on its own: a bad regex
 * or an unreachable feed is stored on that feed's row and the others go on.
 */
export class FeedPoller {
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking = false;
  private scheduled = false;

  constructor(private readonly deps: PollerDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Polls on the app's job queue instead of a timer of this process: with several app servers
   * on one database, one of them checks the built-in server's feeds each round (decision 0051).
   * Called before the queue starts; start() then leaves the polling to the queue.
   */
  scheduleOn(queue: JobQueue): void {
    this.scheduled = true;
    queue.every('rss-feeds', { periodMs: this.tickMs(), firstRunMs: 1_000 }, () => this.tick());
  }

  private tickMs(): number {
    return this.deps.tickMs ?? 30_000;
  }

  start(): void {
    if (this.scheduled) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs());
    this.timer.unref();
    void this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One round over the due feeds; overlapping rounds are skipped. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const due = await this.deps.feeds.due(this.deps.serverId, this.now());
      for (const feed of due) await this.check(feed);
    } catch (error) {
      this.deps.log(`rss: ${(error as Error).message}`);
    } finally {
      this.ticking = false;
    }
  }

  private async check(feed: RssFeed): Promise<void> {
    const { feeds, log } = this.deps;
    try {
      const items = await this.deps.checkFeed(
        {
          rssFeedId: feed.rssFeedId,
          rssUrl: feed.rssUrl,
          rssCookies: feed.rssCookies,
          titleRegex: feed.titleRegex,
          postActions: feed.postActions,
        },
        AbortSignal.timeout(CHECK_TIMEOUT_MS),
      );
      let taken = 0;
      for (const item of items) {
        if (!(await feeds.takeGuid(feed.rssFeedId, item.guid))) continue;
        await this.deps.addDownload(feed, item);
        taken += 1;
      }
      log(`rss ${feed.rssFeedId}: ${items.length} matching, ${taken} new`);
      await feeds.markChecked(feed.rssFeedId, null, this.now());
    } catch (error) {
      const message = (error as Error).message || 'feed check failed';
      log(`rss ${feed.rssFeedId}: ${message}`);
      await feeds.markChecked(feed.rssFeedId, message, this.now()).catch(() => undefined);
    }
  }
}
