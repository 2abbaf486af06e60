import Parser from 'rss-parser';

/** What a feed says of its podcast and episodes, already bounded for storage. */
export interface ParsedFeed {
  title: string;
  author: string | null;
  imageUrl: string | null;
  description: string | null;
  episodes: ParsedEpisode[];
}

export interface ParsedEpisode {
  guid: string;
  title: string;
  publishedAt: string | null;
  durationSeconds: number | null;
  description: string | null;
  enclosureUrl: string;
  enclosureType: string | null;
  season: number | null;
  episodeNumber: number | null;
  explicit: boolean;
  chaptersUrl: string | null;
  imageUrl: string | null;
}

type Attrs = { $?: Record<string, string | undefined> };
type ItemFields = {
  chapters?: Attrs;
  links?: Attrs[];
  itunes?: {
    duration?: string;
    image?: string;
    episode?: string;
    season?: string;
    explicit?: string;
    summary?: string;
  };
};

/*
 * rss-parser reads XML with xml2js (sax), which never fetches or expands external entities:
 * a DOCTYPE pointing at file:///etc/passwd stays text. RSS 2.0 (with the iTunes namespace,
 * built in) and Atom are both read; Podcasting 2.0 chapters and Atom's enclosure links come
 * through custom fields.
 */
const parser = new Parser<Record<string, unknown>, ItemFields>({
  customFields: {
    item: [
      ['podcast:chapters', 'chapters'],
      ['link', 'links', { keepArray: true }],
    ],
  },
});

/** Episodes kept per feed: the newest ones. */
export const MAX_EPISODES = 2000;

const clip = (text: unknown, max: number): string | null => {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
};

function absoluteHttp(link: unknown, base: string): string | null {
  if (typeof link !== 'string' || link.trim() === '') return null;
  try {
    const url = new URL(link.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.slice(0, 2000) : null;
  } catch {
    return null;
  }
}

/** iTunes durations come as seconds ("3600") or clock time ("1:02:03", "62:03"). */
export function parseDuration(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return null;
  const seconds = parts.reduce((total, part) => total * 60 + Number(part), 0);
  return Number.isFinite(seconds) ? Math.round(seconds) : null;
}

const whole = (text: unknown): number | null => {
  const n = typeof text === 'string' ? Number.parseInt(text, 10) : NaN;
  return Number.isFinite(n) && n >= 0 && n < 1e6 ? n : null;
};

function isoDate(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function enclosureOf(
  item: Parser.Item & ItemFields,
  base: string,
): { url: string; type: string | null } | null {
  const url = absoluteHttp(item.enclosure?.url, base);
  if (url) return { url, type: clip(item.enclosure?.type, 100) };
  const link = item.links?.find((l) => l.$?.rel === 'enclosure');
  const atomUrl = absoluteHttp(link?.$?.href, base);
  return atomUrl ? { url: atomUrl, type: clip(link?.$?.type, 100) } : null;
}

/** Parses a feed's text; throws an Error naming the problem when it is not RSS or Atom. */
export async function parseFeed(xml: string, base: string): Promise<ParsedFeed> {
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xml);
  } catch (error) {
    throw new Error(`feed is not RSS or Atom (${(error as Error).message.slice(0, 200)})`);
  }
  const itunes = (feed as { itunes?: { author?: string; image?: string; summary?: string } })
    .itunes;
  const episodes: ParsedEpisode[] = [];
  for (const item of feed.items) {
    const enclosure = enclosureOf(item, base);
    if (!enclosure) continue;
    const guid = clip(item.guid ?? (item as { id?: string }).id, 500) ?? enclosure.url;
    episodes.push({
      guid,
      title: clip(item.title, 500) ?? 'Untitled episode',
      publishedAt: isoDate(item.isoDate ?? item.pubDate),
      durationSeconds: parseDuration(item.itunes?.duration),
      description: clip(item.itunes?.summary ?? item.contentSnippet ?? item.summary, 10_000),
      enclosureUrl: enclosure.url,
      enclosureType: enclosure.type,
      season: whole(item.itunes?.season),
      episodeNumber: whole(item.itunes?.episode),
      explicit: /^(yes|true|explicit)$/i.test(item.itunes?.explicit ?? ''),
      chaptersUrl: absoluteHttp(item.chapters?.$?.url, base),
      imageUrl: absoluteHttp(item.itunes?.image, base),
    });
  }
  episodes.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''));
  return {
    title: clip(feed.title, 500) ?? 'Untitled podcast',
    author: clip(itunes?.author ?? (feed as { creator?: string }).creator, 500),
    imageUrl: absoluteHttp(itunes?.image ?? feed.image?.url, base),
    description: clip(itunes?.summary ?? feed.description, 10_000),
    episodes: episodes.slice(0, MAX_EPISODES),
  };
}
