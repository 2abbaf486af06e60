import { sql } from 'kysely';
import { fromBool, type Db } from '../../db/database';
import type { ParsedEpisode, ParsedFeed } from './podcast-feed';
import type { EpisodeRow, FeedRow } from './podcasts.repository';

/**
 * Feeds and their episodes as fetched (migration 0029): what the fetcher writes once for all
 * subscribers, the download states and the retention sweep. Subscriptions and each user's
 * positions are PodcastsRepository's.
 */
export class PodcastFeedsRepository {
  constructor(private readonly db: Db) {}

  findFeedByUrl(url: string): Promise<FeedRow | undefined> {
    return this.db
      .selectFrom('podcast_feeds')
      .selectAll()
      .where('url', '=', url)
      .executeTakeFirst();
  }

  feed(feedId: number): Promise<FeedRow | undefined> {
    return this.db
      .selectFrom('podcast_feeds')
      .selectAll()
      .where('feed_id', '=', feedId)
      .executeTakeFirst();
  }

  async insertFeed(url: string, parsed: ParsedFeed, validators: Validators, now: string) {
    const row = await this.db
      .insertInto('podcast_feeds')
      .values({ url, created_at: now, checked_at: now, ...feedColumns(parsed), ...validators })
      .onConflict((oc) => oc.column('url').doNothing())
      .returning('feed_id')
      .executeTakeFirst();
    return row?.feed_id ?? (await this.findFeedByUrl(url))!.feed_id;
  }

  async feedFetched(feedId: number, parsed: ParsedFeed, validators: Validators, now: string) {
    await this.db
      .updateTable('podcast_feeds')
      .set({ ...feedColumns(parsed), ...validators, checked_at: now, error: null })
      .where('feed_id', '=', feedId)
      .execute();
  }

  async feedUnchanged(feedId: number, now: string): Promise<void> {
    await this.db
      .updateTable('podcast_feeds')
      .set({ checked_at: now, error: null })
      .where('feed_id', '=', feedId)
      .execute();
  }

  async feedFailed(feedId: number, error: string, now: string): Promise<void> {
    await this.db
      .updateTable('podcast_feeds')
      .set({ checked_at: now, error: error.slice(0, 500) })
      .where('feed_id', '=', feedId)
      .execute();
  }

  /** New guids are added; known ones take the feed's current title and text. */
  async saveEpisodes(feedId: number, episodes: ParsedEpisode[]): Promise<void> {
    for (const e of episodes) {
      const values = {
        title: e.title,
        published_at: e.publishedAt,
        duration_seconds: e.durationSeconds,
        description: e.description,
        enclosure_url: e.enclosureUrl,
        enclosure_type: e.enclosureType,
        season: e.season,
        episode_number: e.episodeNumber,
        explicit: fromBool(e.explicit),
        chapters_url: e.chaptersUrl,
        image_url: e.imageUrl,
      };
      await this.db
        .insertInto('podcast_episodes')
        .values({ feed_id: feedId, guid: e.guid, ...values })
        .onConflict((oc) => oc.columns(['feed_id', 'guid']).doUpdateSet(values))
        .execute();
    }
  }

  /** A feed nobody follows any more goes, with its episodes; answers their stored files. */
  async dropFeedIfUnfollowed(feedId: number): Promise<string[] | null> {
    const follower = await this.db
      .selectFrom('podcast_subscriptions')
      .select('subscription_id')
      .where('feed_id', '=', feedId)
      .executeTakeFirst();
    if (follower) return null;
    const keys = await this.db
      .selectFrom('podcast_episodes')
      .select('storage_key')
      .where('feed_id', '=', feedId)
      .where('storage_key', 'is not', null)
      .execute();
    await this.db.deleteFrom('podcast_feeds').where('feed_id', '=', feedId).execute();
    return keys.map((k) => k.storage_key!);
  }

  episode(episodeId: number): Promise<EpisodeRow | undefined> {
    return this.db
      .selectFrom('podcast_episodes')
      .selectAll()
      .where('episode_id', '=', episodeId)
      .executeTakeFirst();
  }

  async setStatus(
    episodeId: number,
    fields: Partial<
      Pick<EpisodeRow, 'status' | 'storage_key' | 'size_bytes' | 'error' | 'downloaded_at'>
    >,
  ): Promise<void> {
    await this.db
      .updateTable('podcast_episodes')
      .set(fields)
      .where('episode_id', '=', episodeId)
      .execute();
  }

  /** Feeds someone follows that were not checked since `before`. */
  async feedsDue(before: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('podcast_feeds as f')
      .select('f.feed_id')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('podcast_subscriptions as s')
            .select('s.feed_id')
            .whereRef('s.feed_id', '=', 'f.feed_id'),
        ),
      )
      .where((eb) => eb.or([eb('f.checked_at', 'is', null), eb('f.checked_at', '<', before)]))
      .execute();
    return rows.map((r) => r.feed_id);
  }

  /** The newest episodes of a feed that its most eager subscriber wants downloaded. */
  async wantedDownloads(feedId: number): Promise<number[]> {
    const most = await this.db
      .selectFrom('podcast_subscriptions')
      .select((eb) => eb.fn.max('auto_download').as('n'))
      .where('feed_id', '=', feedId)
      .executeTakeFirst();
    const count = Number(most?.n ?? 0);
    if (count <= 0) return [];
    const rows = await this.db
      .selectFrom('podcast_episodes')
      .select(['episode_id', 'status'])
      .where('feed_id', '=', feedId)
      .orderBy(sql`coalesce(published_at, '')`, 'desc')
      .limit(count)
      .execute();
    return rows.filter((r) => r.status === 'remote').map((r) => r.episode_id);
  }

  /** Downloaded episodes stored before `before` (the retention). */
  expiredDownloads(before: string) {
    return this.db
      .selectFrom('podcast_episodes')
      .select(['episode_id', 'storage_key'])
      .where('status', '=', 'downloaded')
      .where('downloaded_at', '<', before)
      .execute();
  }
}

export interface Validators {
  etag: string | null;
  last_modified: string | null;
}

function feedColumns(parsed: ParsedFeed) {
  return {
    title: parsed.title,
    author: parsed.author,
    image_url: parsed.imageUrl,
    description: parsed.description,
  };
}
