import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob } from '../../../domain/library-import';
import type { Config } from '../../config';
import type { Db, Dialect } from '../../db/database';
import { BadRequest, Conflict, NotFound, ServiceUnavailable } from '../../errors';
import { importFolder } from '../../jobs/library-import';
import type { JobQueue } from '../../jobs/queue/job-queue';
import type { ImageStore } from '../../media/image-store';
import type { CatalogueWriteRepository, MissingFilesService } from '../catalogue';
import { FolderFollower } from './folder-follower';
import type { ImportJobsRepository } from './import-jobs.repository';
import { scheduleScans } from './scan-schedule';
import { settlesWithin } from './settles-within';
import type { ImportLeaseRepository } from './import-lease.repository';

const JOB = 'library-import';
type ImportData = { jobId: number };
/** A request to scan MUSIC_DIR (schedule, watcher): one waits at a time, so requests coalesce. */
const SCAN = 'library-scan';
const SCAN_KEY = 'scan';
/** While a scan runs, a remembered request looks again this often. */
const SCAN_RETRY_SECONDS = 3;

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  catalogueWrite: CatalogueWriteRepository;
  importLease: ImportLeaseRepository;
  importJobs: ImportJobsRepository;
}

/** Thrown into the import from its callbacks when the server stops: the job stays "running". */
class Stopping extends Error {}

/**
 * Admin-started imports of the configured MUSIC_DIR, run in the background one at a time, as
 * jobs of the queue. The folder comes from the server's configuration, never from a request.
 *
 * On PostgreSQL any app server may take the job: it holds the import lease (an advisory lock)
 * while it imports, and each queue job only watches for one lease period, then leaves a
 * successor. So a job is always waiting or running while the import is unfinished, and when
 * the importing server dies its lock goes with it: the next job (or the expired one, retried)
 * finds the lease free and resumes. The import skips files already in the catalogue, and the
 * job's count kept what landed before, so nothing is imported twice.
 */
export class ImportJobsService {
  private readonly jobs: ImportJobsRepository;
  private readonly lease: ImportLeaseRepository;
  /** The import this process runs, if any. */
  private local: { jobId: number; done: Promise<void> } | null = null;
  private stopping = false;
  private readonly stopped: Promise<void>;
  private onStop = () => undefined as void;
  /** Starting a scan (look, then record) runs one at a time in this process. */
  private starting: Promise<unknown> = Promise.resolve();
  private follower: FolderFollower | null = null;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly queue: JobQueue,
    /** Covers go where every app server reads them (DATA_DIR/images or object storage). */
    private readonly images: ImageStore,
    private readonly repos: Repositories,
  ) {
    this.jobs = this.repos.importJobs;
    this.lease = this.repos.importLease;
    this.stopped = new Promise((resolve) => (this.onStop = resolve));
    queue.work<ImportData>(JOB, (data) => this.handle(data.jobId), {
      expireInSeconds: 2 * config.jobs.leaseSeconds,
    });
    queue.work<object>(SCAN, () => this.handleScanRequest());
  }

  /**
   * The rescan of MUSIC_DIR every SCAN_INTERVAL and the daily purge of long-missing files, on
   * the job queue (scan-schedule.ts). Registered before the queue starts.
   */
  schedule(missing: MissingFilesService): void {
    scheduleScans(this.queue, this.config, this.log, missing, () => this.requestScan());
  }

  /**
   * Watches MUSIC_DIR (LIBRARY_WATCH, on by default) and asks for a scan when a change has
   * settled (folder-follower.ts). Nothing without MUSIC_DIR; `stop` ends the watch.
   */
  async follow(): Promise<void> {
    const folder = this.config.musicDir;
    if (folder === null || !this.config.library.watch || this.follower || this.stopping) return;
    this.follower = new FolderFollower(folder, () => this.requestScan(), this.log);
    await this.follower.start();
  }

  /**
   * Asks for a scan of MUSIC_DIR (the schedule, the folder watcher). It starts at once when no
   * import runs; while one runs it is remembered (one at most, however many requests come) and
   * started once that one ends. Nothing happens without MUSIC_DIR.
   */
  async requestScan(): Promise<void> {
    if (this.config.musicDir === null || this.stopping) return;
    await this.queue.send(SCAN, {}, { singletonKey: SCAN_KEY });
  }

  /**
   * An import a crash cut short is resumed where it stopped. In-process (SQLite) only the
   * newest one of the configured folder is resumed; any other is closed as failed, keeping its
   * count. On PostgreSQL a "running" import may be another server's: each is offered to the
   * queue again (one waiting job per import), and the lease decides who runs it.
   */
  async init(): Promise<void> {
    const interrupted = await this.jobs.interrupted();
    if (this.queue.durable) {
      for (const job of interrupted) await this.send(job.jobId);
      return;
    }
    const resume = interrupted.findLast((job) => job.folder === this.config.musicDir);
    for (const job of interrupted) {
      if (job === resume) continue;
      await this.jobs.finish(job.jobId, {
        state: 'failed',
        skipped: 0,
        problems: [{ path: job.folder, error: 'The server stopped during this import' }],
      });
    }
    if (resume === undefined) return;
    this.log.info(`Resuming library import ${resume.jobId} after a restart`);
    await this.send(resume.jobId);
  }

  /** "Scan now" (an administrator): refused while an import runs. */
  async start(): Promise<ImportJob> {
    const folder = this.config.musicDir;
    if (folder === null)
      throw new BadRequest('Set MUSIC_DIR to the folder to import, then restart the server');
    const started = await this.startIfIdle(folder);
    if (typeof started !== 'number') {
      const running = started === 'busy' ? 'An import' : `Import ${started.running}`;
      throw new Conflict(`${running} is still running`);
    }
    return (await this.jobs.find(started))!;
  }

  /** A scan request off the queue: started now, or sent again to wait for the running one. */
  private async handleScanRequest(): Promise<void> {
    const folder = this.config.musicDir;
    if (folder === null || this.stopping) return;
    const started = await this.startIfIdle(folder);
    if (typeof started === 'number' || this.stopping) return;
    await this.queue.send(
      SCAN,
      {},
      { singletonKey: SCAN_KEY, startAfterSeconds: SCAN_RETRY_SECONDS },
    );
  }

  /**
   * Records and sends a new import of `folder` unless one runs: the new job's id, or what is
   * in the way (a running import, or another server starting one at this moment).
   */
  private startIfIdle(folder: string): Promise<number | { running: number } | 'busy'> {
    const attempt = this.starting.then(async () => {
      const guard = await this.lease.takeStarting();
      if (guard === null) return 'busy' as const;
      try {
        const running = await this.jobs.interrupted();
        if (running.length > 0) return { running: running[0]!.jobId };
        const jobId = await this.jobs.create(folder);
        await this.send(jobId);
        return jobId;
      } finally {
        await guard.release();
      }
    });
    this.starting = attempt.catch(() => undefined);
    return attempt;
  }

  /** Waits (within the queue's bound) for this process's import to stop between files. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.follower?.stop();
    this.onStop();
    const local = this.local?.done;
    if (local) await settlesWithin(local, this.config.shutdownGraceMs, new Promise(() => {}));
  }

  private send(jobId: number, startAfterSeconds?: number): Promise<boolean> {
    return this.queue.send<ImportData>(
      JOB,
      { jobId },
      { singletonKey: String(jobId), startAfterSeconds },
    );
  }

  private async handle(jobId: number): Promise<void> {
    const job = await this.jobs.find(jobId);
    if (job?.state !== 'running' || this.stopping) return;
    if (this.local === null) {
      const lease = await this.lease.take();
      if (lease !== null) {
        const done = this.run(jobId, job.folder)
          .finally(() => lease.release())
          .catch((e: unknown) => this.log.warn(e))
          .finally(() => (this.local = null));
        this.local = { jobId, done };
      }
    }
    const own = this.local?.jobId === jobId ? this.local.done : null;
    // In-process the job is the import; nobody else could take it over.
    if (own !== null && !this.queue.durable) return own;
    const lease = this.config.jobs.leaseSeconds;
    const finished = own !== null && (await settlesWithin(own, lease * 1000, this.stopped));
    // Still running (here or on a live server): a successor watches the next period.
    if (!finished && !this.stopping) await this.send(jobId, own === null ? lease : undefined);
  }

  private async run(jobId: number, folder: string): Promise<void> {
    let lastSaved = 0;
    const stopCheck = () => {
      if (this.stopping) throw new Stopping('the server is stopping');
    };
    try {
      const report = await importFolder(this.repos.catalogueWrite, this.images, folder, {
        onProgress: (done, total) => {
          stopCheck();
          if (done !== total && Date.now() - lastSaved < 1000) return;
          lastSaved = Date.now();
          this.jobs.progress(jobId, done, total).catch((e: unknown) => this.log.warn(e));
        },
        onWritten: (tracks, trx) => {
          stopCheck();
          return this.jobs.addImported(jobId, tracks, trx);
        },
      });
      // Stopped between albums: the job stays "running", resumed by the next server to look.
      if (this.stopping) return;
      await this.jobs.finish(jobId, {
        state: 'done',
        skipped: report.problems.length,
        problems: report.problems,
        summary: {
          seen: report.seen,
          new: report.new,
          changed: report.changed,
          moved: report.moved,
          missing: report.missing,
          restored: report.restored,
        },
      });
    } catch (error) {
      if (this.stopping) return;
      this.log.error(error, 'library import failed');
      await this.jobs
        .finish(jobId, {
          state: 'failed',
          skipped: 0,
          problems: [{ path: folder, error: (error as Error).message }],
        })
        .catch((e: unknown) => this.log.error(e));
    }
  }

  async get(jobId: number): Promise<ImportJob> {
    const job = await this.jobs.find(jobId);
    if (!job) throw new NotFound('No such import');
    return job;
  }

  recent(): Promise<ImportJob[]> {
    return this.jobs.recent();
  }

  /**
   * Whether a scan runs, and how many files it went through (the running one's so far, else
   * the last one's): the Subsonic `scanStatus`.
   */
  async status(): Promise<{ scanning: boolean; count: number }> {
    const [latest] = await this.jobs.recent(1);
    if (latest === undefined) return { scanning: false, count: 0 };
    const scanning = latest.state === 'running';
    return { scanning, count: scanning ? latest.filesDone : latest.filesTotal };
  }

  /**
   * Starts a scan now when none runs, else remembers one for after it (Subsonic `startScan`).
   */
  async scanNow(): Promise<void> {
    const folder = this.config.musicDir;
    if (folder === null)
      throw new ServiceUnavailable('No music folder is configured (MUSIC_DIR) on this server');
    const started = await this.startIfIdle(folder);
    if (typeof started !== 'number') await this.requestScan();
  }
}
