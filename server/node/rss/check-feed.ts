import Parser from 'rss-parser';
import type { FeedItemMatch, FeedToPoll } from '../contracts';
import { safeFetch } from '../net/safe-fetch';
import { compileTitleRegex, MAX_TITLE_LENGTH } from './title-regex';

export interface CheckFeedOptions {
  fetch?: typeof fetch;
  /** Default 15 s for the whole exchange. */
  timeoutMs?: number;
  /** Default 5 MB. */
  maxBytes?: number;
  /** Loopback/LAN feeds (tests, or an admin's own tracker on the LAN). */
  allowPrivate?: boolean;
  signal?: AbortSignal;
}

type TorrentFields = { magnetURI?: string; infoHash?: string };

// Torrent feeds put the magnet in extra elements (<torrent:magnetURI>, <nyaa:infoHash>).
const parser = new Parser<Record<string, unknown>, TorrentFields>({
  customFields: {
    item: [
      ['torrent:magnetURI', 'magnetURI'],
      ['nyaa:infoHash', 'infoHash'],
    ],
  },
});

const isMagnet = (url: string) => /^magnet:\?/i.test(url);
const isTorrentUrl = (url: string) => /^https?:\/\/[^?#]+\.torrent(?:[?#]|$)/i.test(url);

function absolute(link: string | undefined, base: string): string | null {
  if (!link) return null;
  const text = link.trim();
  if (isMagnet(text)) return text;
  try {
    const url = new URL(text, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The download URL of an item: a magnet first, then a .torrent link, then the enclosure. */
function itemUrl(item: Parser.Item & TorrentFields, base: string): string | null {
  const link = absolute(item.link, base);
  const enclosure = absolute(item.enclosure?.url, base);
  const magnet = absolute(item.magnetURI, base);
  const candidates = [magnet, link, enclosure].filter((u): u is string => u !== null);
  const hash = item.infoHash?.trim();
  if (hash && /^[0-9a-f]{40}$/i.test(hash)) candidates.push(`magnet:?xt=urn:btih:${hash}`);
  return (
    candidates.find(isMagnet) ??
    candidates.find(isTorrentUrl) ??
    (item.enclosure?.type === 'application/x-bittorrent' ? enclosure : null) ??
    enclosure
  );
}

/**
 * Fetches a feed (with its cookie, through the address guard, size and time caps) and answers
 * the items whose title matches the feed's pattern and that carry something to download. The
 * guid (else the link, else the URL) is the key the poller uses to skip items it has seen.
 */
export async function checkFeed(
  feed: FeedToPoll,
  opts: CheckFeedOptions = {},
): Promise<FeedItemMatch[]> {
  const titles = compileTitleRegex(feed.titleRegex);
  const cookie = feed.rssCookies?.trim();
  const { body, finalUrl } = await safeFetch(feed.rssUrl, {
    ...opts,
    what: 'feed',
    headers: {
      accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5',
    },
    cookie: cookie || undefined,
  });
  let parsed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    parsed = await parser.parseString(body.toString('utf8'));
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : '';
    throw new Error(`feed is not RSS or Atom: ${detail}`);
  }
  const matches: FeedItemMatch[] = [];
  const seen = new Set<string>();
  for (const item of parsed.items) {
    const title = (item.title ?? '').trim().slice(0, MAX_TITLE_LENGTH);
    if (titles && !titles.test(title)) continue;
    const url = itemUrl(item, finalUrl);
    if (!url) continue;
    const guid = (item.guid ?? item.link ?? url).trim();
    if (seen.has(guid)) continue;
    seen.add(guid);
    matches.push({ guid, title, url });
  }
  return matches;
}
