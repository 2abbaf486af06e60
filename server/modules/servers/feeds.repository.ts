import type { RssFeed } from '../../../domain/servers';
import { nowIso, parseJson, type Db } from '../../db/database';
import type { RssFeedRow } from '../../db/server-tables';
import type { PostActionSpec } from '../../node/contracts';

export interface NewFeed {
  rssUrl: string;
  rssCookies: string | null;
  titleRegex: string | null;
  checkInterval: number;
  postActions: PostActionSpec[];
}

export class FeedsRepository {
  constructor(private readonly db: Db) {}

  async list(serverId: number): Promise<RssFeed[]> {
    const rows = await this.db
      .selectFrom('rss_feeds')
      .selectAll()
      .where('server_id', '=', serverId)
      .orderBy('rss_feed_id')
      .execute();
    return rows.map(toWire);
  }

  async create(serverId: number, feed: NewFeed): Promise<RssFeed> {
    const row = await this.db
      .insertInto('rss_feeds')
      .values({
        server_id: serverId,
        rss_url: feed.rssUrl,
        rss_cookies: feed.rssCookies,
        title_regex: feed.titleRegex,
        check_interval: feed.checkInterval,
        post_actions: JSON.stringify(feed.postActions),
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWire(row);
  }

  async delete(serverId: number, feedId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('rss_feeds')
      .where('server_id', '=', serverId)
      .where('rss_feed_id', '=', feedId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Feeds never checked, or checked checkInterval minutes ago or longer. */
  async due(serverId: number, now: Date): Promise<RssFeed[]> {
    const feeds = await this.list(serverId);
    return feeds.filter(
      (feed) =>
        feed.lastCheck === null ||
        now.getTime() - Date.parse(feed.lastCheck) >= feed.checkInterval * 60_000,
    );
  }

  async markChecked(feedId: number, lastError: string | null, at: Date): Promise<void> {
    await this.db
      .updateTable('rss_feeds')
      .set({ last_check: at.toISOString(), last_error: lastError })
      .where('rss_feed_id', '=', feedId)
      .execute();
  }

  /** Records an item's guid; false when the feed had taken it before. */
  async takeGuid(feedId: number, guid: string): Promise<boolean> {
    const result = await this.db
      .insertInto('rss_seen')
      .values({ rss_feed_id: feedId, guid: guid.slice(0, 1000), seen_at: nowIso() })
      .onConflict((oc) => oc.columns(['rss_feed_id', 'guid']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}

function toWire(row: RssFeedRow): RssFeed {
  return {
    rssFeedId: row.rss_feed_id,
    rssUrl: row.rss_url,
    rssCookies: row.rss_cookies,
    titleRegex: row.title_regex,
    checkInterval: row.check_interval,
    lastCheck: row.last_check,
    lastError: row.last_error,
    postActions: parseJson<PostActionSpec[]>(row.post_actions, []),
  };
}
