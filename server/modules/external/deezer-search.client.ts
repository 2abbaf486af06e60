import { z } from 'zod';
import {
  EXTERNAL_PAGE_SIZE,
  type ExternalSearchResult,
  type ExternalTrack,
} from '../../../domain/external';
import { HttpError } from '../../errors';
import { readCapped } from '../../security/read-capped';

export interface ExternalSearchOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

/** The upstream could not be used; the message is safe to show (no server internals). */
export class ExternalCatalogueError extends HttpError {
  constructor(reason: string) {
    super(502, `The external catalogue did not answer: ${reason}`);
  }
}

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
const named = z.object({ name: text });

// Only the fields we map; anything else Deezer sends is ignored.
const DeezerTrack = z.object({
  title: text,
  duration: z.coerce.number().catch(0),
  preview: text,
  link: text,
  artist: named.nullish(),
  contributors: z.array(named).nullish(),
  album: z.object({ title: text, cover_medium: text, cover_xl: text }).nullish(),
});
const DeezerPage = z.object({
  data: z.array(z.unknown()).catch([]),
  total: z.coerce.number().int().catch(0),
  next: z.string().nullish(),
  error: z.object({ message: z.string().catch('error') }).optional(),
});

function toExternalTrack(raw: unknown): ExternalTrack | null {
  const parsed = DeezerTrack.safeParse(raw);
  if (!parsed.success || parsed.data.link === '') return null;
  const track = parsed.data;
  const contributors = (track.contributors ?? []).map((c) => c.name).filter(Boolean);
  const artist = track.artist?.name ?? '';
  return {
    platform: 'deezer',
    title: track.title,
    album: track.album?.title ?? '',
    artists: contributors.length > 0 ? contributors : artist === '' ? [] : [artist],
    url: track.link,
    cover: track.album?.cover_medium ?? '',
    coverFull: track.album?.cover_xl ?? '',
    preview: track.preview,
    duration: track.duration,
  };
}

/**
 * Track search against a Deezer-shaped API. The base URL comes only from configuration, the
 * query is URL-encoded into a fixed path, and redirects are refused, so a caller can never make
 * the server fetch an address of their choosing.
 */
export class DeezerSearchClient {
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(
    private readonly baseUrl: string,
    options: ExternalSearchOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxBytes = options.maxBytes ?? 1024 * 1024;
  }

  async search(q: string, index: number): Promise<ExternalSearchResult> {
    const params = new URLSearchParams({
      q,
      index: String(index),
      limit: String(EXTERNAL_PAGE_SIZE),
    });
    const url = `${this.baseUrl}/search/track?${params.toString()}`;
    const parsed = DeezerPage.safeParse(await this.fetchJson(url));
    if (!parsed.success) throw new ExternalCatalogueError('the answer has an unknown shape');
    const page = parsed.data;
    if (page.error !== undefined) throw new ExternalCatalogueError(page.error.message);
    const data = page.data.map(toExternalTrack).filter((track) => track !== null);
    const total = Math.max(page.total, index + data.length);
    const more = (page.next ?? null) !== null || index + EXTERNAL_PAGE_SIZE < total;
    return { data, total, next: more && data.length > 0 ? index + EXTERNAL_PAGE_SIZE : null };
  }

  private async fetchJson(url: string): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const response = await fetch(url, {
        redirect: 'manual',
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      if (response.status >= 300 && response.status < 400) {
        throw new ExternalCatalogueError('it answered with a redirect');
      }
      if (!response.ok) throw new ExternalCatalogueError(`status ${response.status}`);
      const body = await readCapped(
        response,
        this.maxBytes,
        () => new ExternalCatalogueError('the answer is too large'),
      );
      try {
        return JSON.parse(body.toString('utf8')) as unknown;
      } catch {
        throw new ExternalCatalogueError('the answer is not JSON');
      }
    } catch (error) {
      if (error instanceof ExternalCatalogueError) throw error;
      throw new ExternalCatalogueError(
        controller.signal.aborted
          ? `no answer within ${this.timeoutMs / 1000} seconds`
          : 'it could not be reached',
      );
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }
}
