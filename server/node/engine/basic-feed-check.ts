import Parser from 'rss-parser';
import type { CheckFeed, FeedItemMatch } from '../contracts';
import { safeGet } from '../sources/url/safe-get';

const MAX_FEED_BYTES = 5 * 1024 * 1024;

/**
 * A plain RSS check until the full one (server/node/rss/) is wired: fetch with the feed's
 * cookies (through the same address guard as downloads), match titles against titleRegex,
 * answer each item's enclosure (else link) with its guid (else link).
 */
export function basicCheckFeed(allowPrivate: boolean): CheckFeed {
  const parser = new Parser();
  return async (feed, signal) => {
    const regex = feed.titleRegex === null ? null : new RegExp(feed.titleRegex, 'i');
    const { response } = await safeGet(feed.rssUrl, {
      allowPrivate,
      signal,
      headers: feed.rssCookies ? { cookie: feed.rssCookies } : {},
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > MAX_FEED_BYTES) throw new Error('the feed is larger than 5 MiB');
      chunks.push(chunk as Buffer);
    }
    const parsed = await parser.parseString(Buffer.concat(chunks).toString('utf8'));
    const matches: FeedItemMatch[] = [];
    for (const item of parsed.items) {
      const title = item.title ?? '';
      const url = item.enclosure?.url ?? item.link;
      if (!url || (regex !== null && !regex.test(title))) continue;
      matches.push({ guid: item.guid ?? url, title, url });
    }
    return matches;
  };
}
