/**
 * The seams between the downloader plumbing (servers, the downloads table and its state
 * machine, node mode, ingest) and the engines that do the work (sources such as url and
 * torrent, post-import actions, RSS polling). Engines know nothing of the database or HTTP
 * routes; the plumbing knows nothing of aria2, feeds or tags.
 */

// One list of states for the wire (domain/servers.ts) and the engines that move through them.
export { DOWNLOAD_STATES, type DownloadState } from '../../domain/servers';

export interface DownloadProgress {
  bytesDone: number;
  /** Null while the size is unknown (a magnet before its metadata arrives). */
  bytesTotal: number | null;
  /** Bytes per second. */
  speed: number;
  /** Torrents only. */
  peers?: number;
}

/** What one download asks a source to fetch into `dir`. */
export interface SourceJob {
  downloadId: number;
  url: string;
  /** A dropped .torrent file, base64. */
  torrentBase64?: string;
  name: string | null;
  options: Record<string, unknown>;
  /** An empty directory owned by this download; the source fills it with the files. */
  dir: string;
  /**
   * What the source stored last time (see SourceContext.remember), so a download interrupted
   * by a restart resumes instead of starting over. Undefined on the first attempt.
   */
  resumeState?: string;
}

export interface SourceContext {
  /** One line into the server's daily log and the download's own log. */
  log(line: string): void;
  progress(progress: DownloadProgress): void;
  /** Persist a small opaque string (e.g. an aria2 GID) with the download. */
  remember(state: string): Promise<void>;
  signal: AbortSignal;
}

export type Availability = { ok: true } | { ok: false; reason: string };

/** A source turns a URL (or a dropped torrent) into files on disk. */
export interface DownloadSource {
  readonly name: string;
  /** E.g. "torrent source unavailable: install aria2". Checked before a download is queued. */
  available(): Promise<Availability>;
  /** Resolves when every file is in job.dir; rejects with a message a user can read. */
  fetch(job: SourceJob, ctx: SourceContext): Promise<void>;
  /** Stops and forgets a download (the user deleted it). */
  cancel?(job: SourceJob): Promise<void>;
}

/** One post-import action as stored (settings.defaultPost, a download's or a feed's postActions). */
export interface PostActionSpec {
  name: string;
  options?: Record<string, unknown>;
}

export interface CollectionMeta {
  name: string | null;
  artists?: string[];
  label?: string | null;
  releaseDate?: string | null;
  genres?: string[];
}

export interface PostActionContext {
  log(line: string): void;
  meta: CollectionMeta;
  signal: AbortSignal;
}

/** Runs on the downloaded files (absolute paths) before import; answers the files that remain. */
export type PostActionRunner = (
  files: string[],
  options: Record<string, unknown>,
  ctx: PostActionContext,
) => Promise<string[]>;

/** A feed as the poller needs it; storage belongs to the plumbing. */
export interface FeedToPoll {
  rssFeedId: number;
  rssUrl: string;
  rssCookies: string | null;
  titleRegex: string | null;
  postActions: PostActionSpec[];
}

export interface FeedItemMatch {
  guid: string;
  title: string;
  /** A magnet link, a .torrent URL or an enclosure URL. */
  url: string;
}

/**
 * Added by the servers plumbing (h-srv): the two injected engine functions as the plumbing
 * calls them. runPostActions runs a list of actions in order (each step logged by the runner);
 * checkFeed answers the feed's items whose title matches feed.titleRegex.
 */
export type RunPostActions = (
  files: string[],
  actions: PostActionSpec[],
  ctx: PostActionContext,
) => Promise<string[]>;

export type CheckFeed = (feed: FeedToPoll, signal: AbortSignal) => Promise<FeedItemMatch[]>;
