import path from 'node:path';
import { GRANTED, type Lease } from '../../db/advisory-lease';
import { exists, listTree } from '../../storage/folder-reads';
import { ensureFolder, removeTree } from '../../storage/work-files';
import type { DownloadJob, DownloadsRepository } from '../../modules/servers';
import { toJob } from '../../modules/servers';
import type { DownloadProgress, PostActionSpec, RunPostActions, SourceJob } from '../contracts';
import { FINAL_STATES } from './download-states';
import { missingSourceMessage, type SourceRegistry } from './source-registry';

/** Turns a finished download's folder into a collection; answers its id. */
export type ImportFiles = (
  dir: string,
  job: DownloadJob,
  log: (line: string) => void,
  signal: AbortSignal,
) => Promise<number>;

export interface RunnerDeps {
  /** The server id these downloads are stored under in this process's database. */
  serverId: number;
  downloads: DownloadsRepository;
  sources: SourceRegistry;
  runPostActions: RunPostActions;
  defaultPost: () => Promise<PostActionSpec[]>;
  importFiles: ImportFiles;
  /** Each download gets workDir/<downloadId>. */
  workDir: string;
  /** After a successful import the folder is removed (a node) or kept as the media (local). */
  removeAfterImport: boolean;
  log: (line: string) => void;
  concurrency?: number;
  /**
   * Several app servers share server 0's downloads (issue 32): a download runs only where its
   * lease was taken; null, another live server runs it. Absent: this process is the only one.
   */
  claim?: (downloadId: number) => Promise<Lease | null>;
}

const PROGRESS_SAVE_MS = 1000;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await listTree(dir);
  return entries
    .filter((e) => e.kind === 'file' && !e.name.startsWith('.'))
    .map((e) => e.path)
    .sort();
}

/**
 * The download state machine: queued → downloading → processing (post-import actions) →
 * importing → done, or error with a message from any step. Every state is stored before the
 * step starts, so a restart finds each unfinished download and runs it again (its source gets
 * the resumeState it remembered).
 */
export class DownloadRunner {
  private readonly waiting: number[] = [];
  private readonly running = new Map<number, AbortController>();
  private stopped = false;

  constructor(private readonly deps: RunnerDeps) {}

  /**
   * Picks up what a previous process left unfinished (a crash, kill -9, a restart), and with
   * several app servers what a dead one left: each is claimed before it runs (`run`).
   */
  async recover(): Promise<void> {
    for (const job of await this.deps.downloads.unfinished(this.deps.serverId))
      this.enqueue(job.downloadId);
  }

  enqueue(downloadId: number): void {
    if (this.stopped || this.running.has(downloadId) || this.waiting.includes(downloadId)) return;
    this.waiting.push(downloadId);
    this.pump();
  }

  /** Stops a download the user deleted and removes its files. */
  async cancel(downloadId: number): Promise<void> {
    const index = this.waiting.indexOf(downloadId);
    if (index >= 0) this.waiting.splice(index, 1);
    this.running.get(downloadId)?.abort(new Error('deleted'));
    await removeTree(this.dirOf(downloadId));
  }

  /** Aborts everything in flight without changing stored states (they resume on next start). */
  stop(): void {
    this.stopped = true;
    this.waiting.length = 0;
    for (const controller of this.running.values()) controller.abort(new Error('server stopping'));
  }

  get active(): number {
    return this.running.size + this.waiting.length;
  }

  private pump(): void {
    const limit = this.deps.concurrency ?? 2;
    while (!this.stopped && this.running.size < limit && this.waiting.length > 0) {
      const downloadId = this.waiting.shift()!;
      const controller = new AbortController();
      this.running.set(downloadId, controller);
      void this.run(downloadId, controller.signal)
        // A failure outside the pipeline (the claim, the first read): the stored state is kept
        // and the next start retries it. After `stop` the database may be closed: not worth a line.
        .catch((error: unknown) => {
          if (!controller.signal.aborted) this.log(downloadId, `not run: ${String(error)}`);
        })
        .finally(() => {
          this.running.delete(downloadId);
          this.pump();
        });
    }
  }

  private dirOf(downloadId: number): string {
    return path.join(this.deps.workDir, String(downloadId));
  }

  private log(downloadId: number, line: string): void {
    this.deps.log(`[download ${downloadId}] ${line}`);
  }

  private async run(downloadId: number, signal: AbortSignal): Promise<void> {
    const lease = this.deps.claim ? await this.deps.claim(downloadId) : GRANTED;
    // Another live app server runs it; if that one dies, a later recovery claims it here.
    if (lease === null) return;
    try {
      // Stopped while the claim was awaited: the database may already be closed.
      if (signal.aborted) return;
      await this.runClaimed(downloadId, signal);
    } finally {
      await lease.release().catch(() => undefined);
    }
  }

  private async runClaimed(downloadId: number, signal: AbortSignal): Promise<void> {
    const { downloads } = this.deps;
    const row = await downloads.find(this.deps.serverId, downloadId);
    // Gone, or finished by another server since the list this was queued from.
    if (row === null || (FINAL_STATES as readonly string[]).includes(row.state)) return;
    if (row.state !== 'queued') {
      this.log(downloadId, `resuming after a restart (was ${row.state})`);
      await downloads.setState(downloadId, 'queued', 'resuming after a restart');
    }
    const job = toJob(row);
    try {
      await this.pipeline(job, signal);
    } catch (error) {
      // A delete or a shutdown: the row is gone or stays as it is for the next start.
      if (signal.aborted) return;
      const message = (error as Error).message || 'download failed';
      this.log(downloadId, `error: ${message}`);
      await downloads.setState(downloadId, 'error', message).catch(() => undefined);
    }
  }

  private async pipeline(job: DownloadJob, signal: AbortSignal): Promise<void> {
    const { downloads, sources } = this.deps;
    const id = job.downloadId;
    const log = (line: string): void => this.log(id, line);
    const source = sources.get(job.source);
    if (!source) throw new Error(missingSourceMessage(job.source));
    const availability = await source.available();
    if (!availability.ok) throw new Error(availability.reason);

    const dir = this.dirOf(id);
    // A resume needs the folder it was saving to: taken over from another app server whose
    // folder is not here, it starts afresh.
    const resumable = job.resumeState !== null && (await exists(dir));
    if (!resumable) job.resumeState = null;
    // A fresh attempt starts from an empty folder; a resumable one keeps what it had.
    if (job.resumeState === null) await removeTree(dir);
    await ensureFolder(dir);
    await downloads.setState(id, 'downloading', null);
    log(`downloading with ${source.name}`);
    let savedAt = 0;
    let latest: DownloadProgress | null = null;
    const sourceJob: SourceJob = {
      downloadId: id,
      url: job.url,
      ...(job.source === 'torrent' && !/^(https?:|magnet:)/i.test(job.url)
        ? { torrentBase64: job.url }
        : {}),
      name: job.name,
      options: { ...job.options, keepOriginal: job.keepOriginal },
      dir,
      ...(job.resumeState !== null ? { resumeState: job.resumeState } : {}),
    };
    await source.fetch(sourceJob, {
      log,
      signal,
      remember: (state) => downloads.remember(id, state),
      progress: (progress) => {
        latest = progress;
        if (Date.now() - savedAt < PROGRESS_SAVE_MS) return;
        savedAt = Date.now();
        void downloads.setProgress(id, progress).catch(() => undefined);
      },
    });
    if (latest) await downloads.setProgress(id, latest);
    signal.throwIfAborted();

    await downloads.setState(id, 'processing', null);
    const actions = job.postActions ?? (await this.deps.defaultPost());
    let files = await listFiles(dir);
    if (files.length === 0) throw new Error('the source finished without any file');
    log(`post-import actions: ${actions.map((a) => a.name).join(', ') || 'none'}`);
    files = await this.deps.runPostActions(files, actions, {
      log,
      signal,
      meta: { name: job.name },
    });
    signal.throwIfAborted();

    // Deleted meanwhile through another app server (whose cancel could not reach this run).
    if ((await downloads.find(this.deps.serverId, id)) === null) {
      log('deleted while downloading: not imported');
      await removeTree(dir);
      return;
    }
    await downloads.setState(id, 'importing', null);
    log('importing');
    const collectionId = await this.deps.importFiles(dir, job, log, signal);
    await downloads.setState(id, 'done', null, { collectionId });
    log(`done: collection ${collectionId}`);
    if (this.deps.removeAfterImport) await removeTree(dir);
  }
}
