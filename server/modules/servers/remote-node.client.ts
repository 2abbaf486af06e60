import {
  DownloadSchema,
  RssFeedSchema,
  type Download,
  type RssFeed,
} from '../../../domain/servers';
import { z } from 'zod';
import type { PostActionSpec } from '../../../domain/settings';
import { BadGateway, HttpError } from '../../errors';
import type {
  DownloaderBackend,
  DownloadInputParsed,
  RssFeedInputParsed,
} from './downloader-backend';

const TIMEOUT_MS = 10_000;

export interface NodeTarget {
  serverId: number;
  name: string;
  address: string;
  token: string;
}

/** Reports whether a node answered, so the list can show it online or offline with the error. */
export type ReachabilityReport = (serverId: number, error: string | null) => void;

/**
 * A node's downloader API over HTTP with its token. A node that does not answer (or answers
 * garbage) is a 502 naming the server; the node's own 4xx answers pass through unchanged.
 */
export class RemoteNode implements DownloaderBackend {
  constructor(
    private readonly target: NodeTarget,
    private readonly report: ReachabilityReport,
    /** A node cannot read the main app's settings: their defaultPost travels with the download. */
    private readonly defaultPost: () => Promise<PostActionSpec[]>,
  ) {}

  listDownloads(): Promise<Download[]> {
    return this.call('GET', '/download', z.array(DownloadSchema));
  }
  getDownload(downloadId: number): Promise<Download> {
    return this.call('GET', `/download/${downloadId}`, DownloadSchema);
  }
  async addDownload(input: DownloadInputParsed): Promise<Download> {
    const postActions = input.postActions ?? (await this.defaultPost());
    return this.call('POST', '/download', DownloadSchema, { ...input, postActions });
  }
  async deleteDownload(downloadId: number): Promise<void> {
    await this.call('DELETE', `/download/${downloadId}`, z.unknown());
  }
  listFeeds(): Promise<RssFeed[]> {
    return this.call('GET', '/rss', z.array(RssFeedSchema));
  }
  addFeed(input: RssFeedInputParsed): Promise<RssFeed> {
    return this.call('POST', '/rss', RssFeedSchema, input);
  }
  async deleteFeed(feedId: number): Promise<void> {
    await this.call('DELETE', `/rss/${feedId}`, z.unknown());
  }
  status(): Promise<{ activeDownloads: number }> {
    return this.call(
      'GET',
      '/status',
      z.object({ activeDownloads: z.number().int() }),
      undefined,
      3000,
    );
  }

  private async call<T>(
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    timeoutMs = TIMEOUT_MS,
  ): Promise<T> {
    const url = `${this.target.address.replace(/\/+$/, '')}/node/api${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.target.token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw this.offline(cause);
    }
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      throw this.offline(`answered HTTP ${response.status} without JSON`);
    }
    if (response.status === 401) throw this.offline('refused the server token (check NODE_TOKEN)');
    if (!response.ok) {
      const message = (json as { error?: unknown } | null)?.error;
      if (response.status < 500 && typeof message === 'string') {
        this.report(this.target.serverId, null);
        throw new HttpError(response.status, message);
      }
      throw this.offline(`answered HTTP ${response.status}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw this.offline('answered in an unexpected shape');
    this.report(this.target.serverId, null);
    return parsed.data;
  }

  private offline(reason: string): BadGateway {
    const message = `Server "${this.target.name}" is offline: ${reason}`;
    this.report(this.target.serverId, message);
    return new BadGateway(message);
  }
}
