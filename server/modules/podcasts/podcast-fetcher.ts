import { Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../access/caller';
import { nowIso } from '../../db/database';
import { BadRequest } from '../../errors';
import type { JobQueue } from '../../jobs/queue/job-queue';
import { FetchFailed, guardedFetch, guardedRequest } from '../../net/guarded-fetch';
import type { StoredFiles } from '../../storage/stored-files';
import { RelayCounter, sendEpisode } from './episode-stream';
import { parseFeed } from './podcast-feed';
import type { EpisodeRow } from './podcasts.repository';
import type { PodcastFeedsRepository } from './podcast-feeds.repository';

/** A feed or an image: 10 MB (issue 49). */
export const FEED_MAX_BYTES = 10 * 1024 * 1024;
const DOWNLOAD_JOB = 'podcast-download';
const REFRESH_JOB = 'podcast-refresh';
const RETENTION_JOB = 'podcast-retention';

export interface PodcastFetcherOptions {
  /** PODCAST_REFRESH_MINUTES (default 60). */
  refreshMinutes: number;
  /** PODCAST_RETENTION_DAYS (default 30): downloaded episodes are deleted after it. */
  retentionDays: number;
  /** UPLOAD_MAX_BYTES: the largest episode downloaded to storage. */
  maxEpisodeBytes: number;
  log: (error: unknown, message: string) => void;
}

/**
 * Everything podcasts fetch from the internet, all through the guarded fetcher: feeds (once per
 * feed for all its subscribers, conditional with ETag / Last-Modified), episode downloads into
 * storage (a job per episode), the relay of an episode not downloaded, the retention sweep.
 */
export class PodcastFetcher {
  /** Remote episodes relayed right now, per user (a cap, episode-stream.ts). */
  private readonly relays = new RelayCounter();

  constructor(
    private readonly repos: { podcastFeeds: PodcastFeedsRepository },
    private readonly files: StoredFiles,
    private readonly jobs: JobQueue,
    private readonly options: PodcastFetcherOptions,
  ) {}

  private get repo() {
    return this.repos.podcastFeeds;
  }

  /** Registers the refresh, download and retention jobs; before the queue starts. */
  schedule(): void {
    const periodMs = this.options.refreshMinutes * 60_000;
    this.jobs.work<{ episodeId: number }>(DOWNLOAD_JOB, (data) => this.download(data.episodeId), {
      expireInSeconds: 3600,
    });
    this.jobs.every(REFRESH_JOB, { periodMs }, () => this.refreshDue());
    this.jobs.every(RETENTION_JOB, { periodMs: 6 * 3600_000 }, () => this.sweepRetention());
  }

  /** Fetches a new feed; a refusal or a broken feed is the subscriber's 400. */
  async addFeed(url: string): Promise<number> {
    try {
      const fetched = await guardedFetch(url, { what: 'feed', maxBytes: FEED_MAX_BYTES });
      const parsed = await parseFeed(fetched.body.toString('utf8'), fetched.url.href);
      const feedId = await this.repo.insertFeed(url, parsed, validators(fetched.headers), nowIso());
      await this.repo.saveEpisodes(feedId, parsed.episodes);
      return feedId;
    } catch (error) {
      throw new BadRequest((error as Error).message);
    }
  }

  /** One conditional fetch; a failure is stored on the feed, whose episodes stay. */
  async refreshFeed(feedId: number): Promise<void> {
    const feed = await this.repo.feed(feedId);
    if (!feed) return;
    const headers: Record<string, string> = {};
    if (feed.etag) headers['if-none-match'] = feed.etag;
    if (feed.last_modified) headers['if-modified-since'] = feed.last_modified;
    try {
      const fetched = await guardedFetch(feed.url, {
        what: 'feed',
        maxBytes: FEED_MAX_BYTES,
        headers,
        acceptStatus: (status) => status === 304,
      });
      if (fetched.status === 304) await this.repo.feedUnchanged(feedId, nowIso());
      else {
        const parsed = await parseFeed(fetched.body.toString('utf8'), fetched.url.href);
        await this.repo.saveEpisodes(feedId, parsed.episodes);
        await this.repo.feedFetched(feedId, parsed, validators(fetched.headers), nowIso());
      }
    } catch (error) {
      await this.repo.feedFailed(feedId, (error as Error).message, nowIso());
      return;
    }
    await this.queueWanted(feedId);
  }

  private async refreshDue(): Promise<void> {
    const before = new Date(Date.now() - this.options.refreshMinutes * 60_000 + 30_000);
    for (const feedId of await this.repo.feedsDue(before.toISOString()))
      await this.refreshFeed(feedId);
  }

  async queueWanted(feedId: number): Promise<void> {
    for (const episodeId of await this.repo.wantedDownloads(feedId))
      await this.queueDownload(episodeId);
  }

  async queueDownload(episodeId: number): Promise<void> {
    await this.repo.setStatus(episodeId, { status: 'downloading', error: null });
    await this.jobs.send(DOWNLOAD_JOB, { episodeId }, { singletonKey: String(episodeId) });
  }

  /** Streams the enclosure into storage, capped at UPLOAD_MAX_BYTES; complete or not at all. */
  async download(episodeId: number): Promise<void> {
    const episode = await this.repo.episode(episodeId);
    if (!episode || episode.status === 'downloaded') return;
    const max = this.options.maxEpisodeBytes;
    try {
      const { response } = await guardedRequest(episode.enclosure_url, {
        what: 'episode',
        timeoutMs: 30_000,
      });
      if (Number(response.headers['content-length'] ?? 0) > max) {
        response.destroy();
        throw new FetchFailed(`episode is larger than ${max} bytes`);
      }
      const key = `podcasts/${episode.feed_id}/${episode.episode_id}${extension(episode)}`;
      let size = 0;
      const capped = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > max) done(new FetchFailed(`episode is larger than ${max} bytes`));
          else done(null, chunk);
        },
      });
      response.on('error', (error) => capped.destroy(error));
      await this.files.storage.write(key, response.pipe(capped));
      await this.repo.setStatus(episodeId, {
        status: 'downloaded',
        storage_key: key,
        size_bytes: size,
        downloaded_at: nowIso(),
        error: null,
      });
    } catch (error) {
      await this.repo.setStatus(episodeId, {
        status: 'error',
        error: (error as Error).message.slice(0, 500),
      });
    }
  }

  async forgetDownload(episodeId: number): Promise<void> {
    const episode = await this.repo.episode(episodeId);
    if (episode?.storage_key) await this.files.storage.delete(episode.storage_key);
    await this.repo.setStatus(episodeId, {
      status: 'remote',
      storage_key: null,
      size_bytes: null,
      downloaded_at: null,
      error: null,
    });
  }

  async dropIfUnfollowed(feedId: number): Promise<void> {
    const keys = await this.repo.dropFeedIfUnfollowed(feedId);
    for (const key of keys ?? [])
      await this.files.storage.delete(key).catch((error: unknown) => {
        this.options.log(error, 'podcast episode file could not be deleted');
      });
  }

  private async sweepRetention(): Promise<void> {
    const before = new Date(Date.now() - this.options.retentionDays * 86_400_000).toISOString();
    for (const row of await this.repo.expiredDownloads(before))
      await this.forgetDownload(row.episode_id);
  }

  /** The episode's audio: from storage or relayed, paced and limited (episode-stream.ts). */
  async stream(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    episode: EpisodeRow,
    whole = false,
  ): Promise<void> {
    await sendEpisode(request, reply, caller, episode, {
      files: this.files,
      relays: this.relays,
      whole,
    });
  }
}

function validators(headers: Record<string, string | string[] | undefined>) {
  const one = (value: string | string[] | undefined) =>
    typeof value === 'string' ? value.slice(0, 200) : null;
  return { etag: one(headers.etag), last_modified: one(headers['last-modified']) };
}

const EXTENSIONS: Record<string, string> = {
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/x-m4a': '.m4a',
  'audio/aac': '.aac',
  'audio/ogg': '.ogg',
  'audio/opus': '.opus',
  'audio/flac': '.flac',
};

function extension(episode: EpisodeRow): string {
  const fromType = EXTENSIONS[(episode.enclosure_type ?? '').toLowerCase()];
  if (fromType) return fromType;
  const match = /\.(mp3|m4a|aac|ogg|opus|flac)$/i.exec(new URL(episode.enclosure_url).pathname);
  return match ? `.${match[1]!.toLowerCase()}` : '.mp3';
}
