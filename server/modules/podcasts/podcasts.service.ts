import type {
  Episode,
  EpisodePosition,
  PodcastDetail,
  PodcastSummary,
} from '../../../domain/podcasts';
import type { Caller } from '../../access/caller';
import { requireAdmin } from '../../access/caller';
import { managesAllSubscriptions, requirePodcasts } from '../../access/podcasts';
import { nowIso } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import type { PodcastFetcher } from './podcast-fetcher';
import { toEpisode, toSummary } from './podcast-wire';
import type { EpisodeWithState, PodcastsRepository } from './podcasts.repository';
import type { PodcastFeedsRepository } from './podcast-feeds.repository';

/** Subscriptions a user may hold: bounds the work one account can give the refresher. */
const MAX_SUBSCRIPTIONS = 500;

/**
 * Podcasts (issue 49): subscribing, listing, positions. A podcast is a feed the caller follows;
 * one the caller does not follow answers 404 like one that does not exist (administrators see
 * every feed). Fetching, refreshing, downloading and streaming are PodcastFetcher's.
 */
export class PodcastsService {
  constructor(
    private readonly repos: { podcasts: PodcastsRepository; podcastFeeds: PodcastFeedsRepository },
    private readonly fetcher: PodcastFetcher,
  ) {}

  private get repo() {
    return this.repos.podcasts;
  }

  async subscribe(caller: Caller, address: string): Promise<{ podcastId: number }> {
    requirePodcasts(caller);
    const url = normalise(address);
    const known = await this.repos.podcastFeeds.findFeedByUrl(url);
    const mine = await this.repo.userFeeds(caller.userId);
    if (known && mine.includes(known.feed_id)) return { podcastId: known.feed_id };
    if (mine.length >= MAX_SUBSCRIPTIONS)
      throw new BadRequest(`You can follow at most ${MAX_SUBSCRIPTIONS} podcasts`);
    const feedId = known?.feed_id ?? (await this.fetcher.addFeed(url));
    await this.repo.subscribe(caller.userId, feedId, nowIso());
    return { podcastId: feedId };
  }

  async list(caller: Caller): Promise<PodcastSummary[]> {
    requirePodcasts(caller);
    return (await this.repo.listForUser(caller.userId)).map(toSummary);
  }

  /** The feed's row when the caller follows it (or is an administrator); else 404. */
  private async followed(caller: Caller, feedId: number) {
    requirePodcasts(caller);
    const feed = await this.repos.podcastFeeds.feed(feedId);
    if (!feed) throw new NotFound('Podcast not found');
    if (!managesAllSubscriptions(caller) && !(await this.repo.isSubscribed(caller.userId, feedId)))
      throw new NotFound('Podcast not found');
    return feed;
  }

  async detail(caller: Caller, feedId: number): Promise<PodcastDetail> {
    const feed = await this.followed(caller, feedId);
    const [mine] = await this.repo.listForUser(caller.userId, feedId);
    const episodes = (await this.repo.episodes(feedId, caller.userId)).map(toEpisode);
    const summary = mine
      ? toSummary(mine)
      : {
          podcastId: feed.feed_id,
          title: feed.title,
          author: feed.author,
          imageUrl: feed.image_url,
          episodeCount: episodes.length,
          unplayed: episodes.filter((e) => !e.played).length,
          error: feed.error,
          autoDownload: 0,
        };
    return {
      ...summary,
      description: feed.description,
      url: feed.url,
      checkedAt: feed.checked_at,
      episodes,
    };
  }

  async refresh(caller: Caller, feedId: number): Promise<PodcastDetail> {
    await this.followed(caller, feedId);
    await this.fetcher.refreshFeed(feedId);
    return this.detail(caller, feedId);
  }

  /** Subsonic refreshPodcasts: every feed the caller follows. */
  async refreshAll(caller: Caller): Promise<void> {
    requirePodcasts(caller);
    for (const feedId of await this.repo.userFeeds(caller.userId))
      await this.fetcher.refreshFeed(feedId);
  }

  async unsubscribe(caller: Caller, feedId: number): Promise<void> {
    requirePodcasts(caller);
    if (!(await this.repo.unsubscribe(caller.userId, feedId)))
      throw new NotFound('Podcast not found');
    await this.fetcher.dropIfUnfollowed(feedId);
  }

  async setAutoDownload(caller: Caller, feedId: number, count: number): Promise<void> {
    requirePodcasts(caller);
    if (!(await this.repo.isSubscribed(caller.userId, feedId)))
      throw new NotFound('Podcast not found');
    await this.repo.setAutoDownload(caller.userId, feedId, count);
    await this.fetcher.queueWanted(feedId);
  }

  /** The episode when its podcast is one the caller follows (administrators: any); else 404. */
  async episode(caller: Caller, episodeId: number): Promise<EpisodeWithState> {
    requirePodcasts(caller);
    const row = await this.repo.episodeFor(episodeId, caller.userId);
    if (!row) throw new NotFound('Episode not found');
    if (
      !managesAllSubscriptions(caller) &&
      !(await this.repo.isSubscribed(caller.userId, row.feed_id))
    )
      throw new NotFound('Episode not found');
    return row;
  }

  async episodeWire(caller: Caller, episodeId: number): Promise<Episode> {
    return toEpisode(await this.episode(caller, episodeId));
  }

  async newest(caller: Caller, count: number): Promise<Episode[]> {
    requirePodcasts(caller);
    return (await this.repo.newest(caller.userId, count)).map(toEpisode);
  }

  async setPosition(caller: Caller, episodeId: number, body: EpisodePosition): Promise<void> {
    await this.episode(caller, episodeId);
    await this.repo.setState(caller.userId, episodeId, body, nowIso());
  }

  /** Subsonic createBookmark of an episode. */
  async bookmark(caller: Caller, episodeId: number, positionMs: number, comment: string | null) {
    await this.episode(caller, episodeId);
    await this.repo.setState(caller.userId, episodeId, { positionMs, comment }, nowIso());
  }

  async clearBookmark(caller: Caller, episodeId: number): Promise<void> {
    await this.episode(caller, episodeId);
    await this.repo.clearPosition(caller.userId, episodeId);
  }

  inProgress(caller: Caller, limit: number) {
    return this.repo.inProgress(caller.userId, limit);
  }

  async requestDownload(caller: Caller, episodeId: number): Promise<void> {
    const row = await this.episode(caller, episodeId);
    if (row.status === 'downloaded' || row.status === 'downloading') return;
    await this.fetcher.queueDownload(episodeId);
  }

  async deleteDownload(caller: Caller, episodeId: number): Promise<void> {
    await this.episode(caller, episodeId);
    await this.fetcher.forgetDownload(episodeId);
  }

  async allSubscriptions(caller: Caller) {
    requireAdmin(caller);
    const rows = await this.repo.allSubscriptions();
    return rows.map((r) => ({
      subscriptionId: r.subscription_id,
      userId: r.user_id,
      username: r.user_name,
      podcastId: r.feed_id,
      title: r.title,
      url: r.url,
    }));
  }

  async removeSubscription(caller: Caller, subscriptionId: number): Promise<void> {
    requireAdmin(caller);
    const feedId = await this.repo.deleteSubscription(subscriptionId);
    if (feedId === null) throw new NotFound('Subscription not found');
    await this.fetcher.dropIfUnfollowed(feedId);
  }
}

/** One row per feed address: the same feed typed twice is one feed. */
function normalise(address: string): string {
  try {
    const url = new URL(address.trim());
    url.hash = '';
    return url.href;
  } catch {
    throw new BadRequest('url is not a valid address');
  }
}
