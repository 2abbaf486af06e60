import { sql } from 'kysely';
import { fromBool, type Db } from '../../db/database';
import type { PodcastEpisodesTable, PodcastFeedsTable } from '../../db/podcast-tables';
import type { Selectable } from 'kysely';

export type FeedRow = Selectable<PodcastFeedsTable>;
export type EpisodeRow = Selectable<PodcastEpisodesTable>;
export type EpisodeWithState = EpisodeRow & { position_ms: number | null; played: number | null };
export type FeedWithCounts = FeedRow & {
  episode_count: number | string;
  unplayed: number | string;
  auto_download: number;
};

/** Subscriptions, and each user's episodes with their positions (migration 0029); feeds as fetched are PodcastFeedsRepository's. */
export class PodcastsRepository {
  constructor(private readonly db: Db) {}

  async subscribe(userId: number, feedId: number, now: string): Promise<void> {
    await this.db
      .insertInto('podcast_subscriptions')
      .values({ user_id: userId, feed_id: feedId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'feed_id']).doNothing())
      .execute();
  }

  async isSubscribed(userId: number, feedId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('podcast_subscriptions')
      .select('subscription_id')
      .where('user_id', '=', userId)
      .where('feed_id', '=', feedId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async setAutoDownload(userId: number, feedId: number, count: number): Promise<void> {
    await this.db
      .updateTable('podcast_subscriptions')
      .set({ auto_download: count })
      .where('user_id', '=', userId)
      .where('feed_id', '=', feedId)
      .execute();
  }

  async unsubscribe(userId: number, feedId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('podcast_subscriptions')
      .where('user_id', '=', userId)
      .where('feed_id', '=', feedId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteSubscription(subscriptionId: number): Promise<number | null> {
    const row = await this.db
      .deleteFrom('podcast_subscriptions')
      .where('subscription_id', '=', subscriptionId)
      .returning('feed_id')
      .executeTakeFirst();
    return row?.feed_id ?? null;
  }

  /** The user's podcasts with their episode and unplayed counts, by title. */
  listForUser(userId: number, feedId?: number): Promise<FeedWithCounts[]> {
    let query = this.db
      .selectFrom('podcast_subscriptions as s')
      .innerJoin('podcast_feeds as f', 'f.feed_id', 's.feed_id')
      .selectAll('f')
      .select('s.auto_download')
      .select((eb) => [
        eb
          .selectFrom('podcast_episodes as e')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('e.feed_id', '=', 'f.feed_id')
          .as('episode_count'),
        eb
          .selectFrom('podcast_episodes as e')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('e.feed_id', '=', 'f.feed_id')
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('podcast_episode_states as st')
                  .select('st.episode_id')
                  .whereRef('st.episode_id', '=', 'e.episode_id')
                  .where('st.user_id', '=', userId)
                  .where('st.played', '=', 1),
              ),
            ),
          )
          .as('unplayed'),
      ])
      .where('s.user_id', '=', userId);
    if (feedId !== undefined) query = query.where('f.feed_id', '=', feedId);
    return query.orderBy('f.title').execute() as Promise<FeedWithCounts[]>;
  }

  /** A feed's episodes, newest first, with this user's position and played mark. */
  episodes(feedId: number, userId: number, limit = 2000): Promise<EpisodeWithState[]> {
    return this.episodeQuery(userId)
      .where('e.feed_id', '=', feedId)
      .orderBy(sql`coalesce(e.published_at, '')`, 'desc')
      .orderBy('e.episode_id', 'desc')
      .limit(limit)
      .execute();
  }

  episodeFor(episodeId: number, userId: number): Promise<EpisodeWithState | undefined> {
    return this.episodeQuery(userId).where('e.episode_id', '=', episodeId).executeTakeFirst();
  }

  /** The newest episodes across the user's subscriptions (Subsonic getNewestPodcasts). */
  newest(userId: number, count: number): Promise<EpisodeWithState[]> {
    return this.episodeQuery(userId)
      .where('e.feed_id', 'in', (eb) =>
        eb.selectFrom('podcast_subscriptions').select('feed_id').where('user_id', '=', userId),
      )
      .orderBy(sql`coalesce(e.published_at, '')`, 'desc')
      .limit(count)
      .execute();
  }

  private episodeQuery(userId: number) {
    return this.db
      .selectFrom('podcast_episodes as e')
      .leftJoin('podcast_episode_states as st', (join) =>
        join.onRef('st.episode_id', '=', 'e.episode_id').on('st.user_id', '=', userId),
      )
      .selectAll('e')
      .select(['st.position_ms', 'st.played']);
  }

  async setState(
    userId: number,
    episodeId: number,
    state: { positionMs: number; played?: boolean; comment?: string | null },
    now: string,
  ): Promise<void> {
    const set = {
      position_ms: state.positionMs,
      updated_at: now,
      ...(state.played === undefined ? {} : { played: fromBool(state.played) }),
      ...(state.comment === undefined ? {} : { comment: state.comment }),
    };
    await this.db
      .insertInto('podcast_episode_states')
      .values({ user_id: userId, episode_id: episodeId, ...set })
      .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doUpdateSet(set))
      .execute();
  }

  /** Subsonic deleteBookmark of an episode: its position goes back to the start. */
  async clearPosition(userId: number, episodeId: number): Promise<void> {
    await this.db
      .updateTable('podcast_episode_states')
      .set({ position_ms: 0, comment: null })
      .where('user_id', '=', userId)
      .where('episode_id', '=', episodeId)
      .execute();
  }

  /** Episodes with a position that are not played: "Continue listening" and getBookmarks. */
  inProgress(userId: number, limit: number) {
    return this.db
      .selectFrom('podcast_episode_states as st')
      .innerJoin('podcast_episodes as e', 'e.episode_id', 'st.episode_id')
      .innerJoin('podcast_feeds as f', 'f.feed_id', 'e.feed_id')
      .select([
        'e.episode_id',
        'e.title',
        'e.duration_seconds',
        'e.feed_id',
        'f.title as podcast',
        'st.position_ms',
        'st.comment',
        'st.updated_at',
      ])
      .where('st.user_id', '=', userId)
      .where('st.position_ms', '>', 0)
      .where('st.played', '=', 0)
      .orderBy('st.updated_at', 'desc')
      .limit(limit)
      .execute();
  }

  async userFeeds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('podcast_subscriptions')
      .select('feed_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.feed_id);
  }

  allSubscriptions() {
    return this.db
      .selectFrom('podcast_subscriptions as s')
      .innerJoin('podcast_feeds as f', 'f.feed_id', 's.feed_id')
      .innerJoin('users as u', 'u.user_id', 's.user_id')
      .select(['s.subscription_id', 's.user_id', 'u.user_name', 'f.feed_id', 'f.title', 'f.url'])
      .orderBy('s.subscription_id')
      .limit(10_000)
      .execute();
  }
}
