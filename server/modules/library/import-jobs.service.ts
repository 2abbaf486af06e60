import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob } from '../../../domain/library-import';
import type { Config } from '../../config';
import { BadRequest, Conflict, NotFound, ServiceUnavailable } from '../../errors';
import type { JobQueue } from '../../jobs/queue/job-queue';
import type { ImageStore } from '../../media/image-store';
import type {
  CatalogueWriteRepository,
  LibraryCollectionsRepository,
  MissingFilesService,
} from '../catalogue';
import type { ImportJobsRepository } from './import-jobs.repository';
import type { LibrariesRepository } from './libraries.repository';
import { LibraryFollowers } from './library-followers';
import { runScan } from './scan-run';
import { scheduleScans } from './scan-schedule';
import { settlesWithin } from './settles-within';
import type { ImportLeaseRepository } from './import-lease.repository';

const JOB = 'library-import';
type ImportData = { jobId: number };
/**
 * A request to scan a library (schedule, watcher): one waits per library, so requests coalesce.
 * Requests queued before there were libraries carry no id: they mean every library.
 */
const SCAN = 'library-scan';
type ScanData = { libraryId?: number };
const scanKey = (libraryId: number) => `scan:${libraryId}`;
/** A library to scan: its id and folder. */
type Target = { libraryId: number; path: string };
/** While a scan runs, a remembered request looks again this often. */
const SCAN_RETRY_SECONDS = 3;

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  catalogueWrite: CatalogueWriteRepository;
  importLease: ImportLeaseRepository;
  importJobs: ImportJobsRepository;
  libraries: LibrariesRepository;
  libraryCollections: LibraryCollectionsRepository;
}

/**
 * Scans of the libraries (MUSIC_DIR and the ones administrators added), run in the background
 * one at a time, as jobs of the queue. A folder comes from the configuration or the libraries
 * table, never from a request.
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
  private readonly followers: LibraryFollowers;

  constructor(
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
    this.followers = new LibraryFollowers(log, (libraryId) => this.requestScan(libraryId));
    queue.work<ImportData>(JOB, (data) => this.handle(data.jobId), {
      expireInSeconds: 2 * config.jobs.leaseSeconds,
    });
    queue.work<ScanData>(SCAN, (data) => this.handleScanRequest(data.libraryId));
  }

  private async targets(): Promise<Target[]> {
    const rows = await this.repos.libraries.active();
    return rows.map((row) => ({ libraryId: row.library_id, path: row.path }));
  }

  /** The rescans every SCAN_INTERVAL and the daily purge (scan-schedule.ts), before the start. */
  schedule(missing: MissingFilesService): void {
    scheduleScans(this.queue, this.config, this.log, missing, () => this.requestScan());
  }

  /**
   * Watches each library (LIBRARY_WATCH, on by default) and asks for a scan of it when a change
   * has settled (folder-follower.ts); called again when libraries are added or removed. `stop`
   * ends every watch.
   */
  async follow(): Promise<void> {
    if (!this.config.library.watch || this.stopping) return;
    await this.followers.sync(await this.targets());
  }

  /**
   * At start, while following: the libraries scanned before are scanned again, because the
   * watch was down while the server was (an album copied in meanwhile shows at once, not after
   * SCAN_INTERVAL). A library never scanned waits for its administrator, as it always did.
   */
  async catchUp(): Promise<void> {
    if (!this.config.library.watch || this.stopping) return;
    const ids = (await this.targets()).map((target) => target.libraryId);
    for (const libraryId of (await this.jobs.latestPerLibrary(ids)).keys())
      await this.requestScan(libraryId);
  }

  /**
   * Asks for a scan of a library, or of every library (the schedule, a folder watcher). It
   * starts at once when no import runs; while one runs it is remembered (one per library at
   * most, however many requests come) and started once that one ends.
   */
  async requestScan(libraryId?: number): Promise<void> {
    if (this.stopping) return;
    const ids =
      libraryId === undefined ? (await this.targets()).map((t) => t.libraryId) : [libraryId];
    for (const id of ids)
      await this.queue.send<ScanData>(SCAN, { libraryId: id }, { singletonKey: scanKey(id) });
  }

  /**
   * An import a crash cut short is resumed where it stopped. In-process (SQLite) only the
   * newest one of a library still in use is resumed; any other is closed as failed, keeping its
   * count. On PostgreSQL a "running" import may be another server's: each is offered to the
   * queue again (one waiting job per import), and the lease decides who runs it.
   */
  async init(): Promise<void> {
    const interrupted = await this.jobs.interrupted();
    if (this.queue.durable) {
      for (const job of interrupted) await this.send(job.jobId);
      return;
    }
    const folders = new Set((await this.targets()).map((target) => target.path));
    const resume = interrupted.findLast((job) => folders.has(job.folder));
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

  /**
   * "Scan now" (an administrator) of one library, or of every library (the first starts now,
   * the others follow it): refused while an import runs.
   */
  async start(libraryId?: number): Promise<ImportJob> {
    const all = await this.targets();
    const target =
      libraryId === undefined ? all[0] : all.find((one) => one.libraryId === libraryId);
    if (target === undefined && libraryId !== undefined) throw new NotFound('Library not found');
    if (target === undefined)
      throw new BadRequest(
        'Add a library in the admin settings, or set MUSIC_DIR and restart the server',
      );
    const started = await this.startIfIdle(target);
    if (typeof started !== 'number') {
      const running = started === 'busy' ? 'An import' : `Import ${started.running}`;
      throw new Conflict(`${running} is still running`);
    }
    if (libraryId === undefined)
      for (const other of all.slice(1)) await this.requestScan(other.libraryId);
    return (await this.jobs.find(started))!;
  }

  /** Whether a scan of this library is running (on any server). */
  async scanning(libraryId: number): Promise<boolean> {
    const running = await this.jobs.interrupted();
    return running.some((job) => job.libraryId === libraryId);
  }

  /** A scan request off the queue: started now, or sent again to wait for the running one. */
  private async handleScanRequest(libraryId: number | undefined): Promise<void> {
    if (this.stopping) return;
    if (libraryId === undefined) return this.requestScan();
    const target = (await this.targets()).find((one) => one.libraryId === libraryId);
    if (target === undefined) return;
    const started = await this.startIfIdle(target);
    if (typeof started === 'number' || this.stopping) return;
    await this.queue.send<ScanData>(
      SCAN,
      { libraryId },
      { singletonKey: scanKey(libraryId), startAfterSeconds: SCAN_RETRY_SECONDS },
    );
  }

  /**
   * Records and sends a new import of `target` unless one runs: the new job's id, or what is
   * in the way (a running import, or another server starting one at this moment).
   */
  private startIfIdle(target: Target): Promise<number | { running: number } | 'busy'> {
    const attempt = this.starting.then(async () => {
      const guard = await this.lease.takeStarting();
      if (guard === null) return 'busy' as const;
      try {
        const running = await this.jobs.interrupted();
        if (running.length > 0) return { running: running[0]!.jobId };
        const jobId = await this.jobs.create(target.path, target.libraryId);
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
    this.followers.stop();
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
        const deps = {
          config: this.config,
          log: this.log,
          images: this.images,
          repos: this.repos,
          stopping: () => this.stopping,
        };
        const done = runScan(deps, jobId, job.folder, job.libraryId ?? null)
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

  /** Subsonic `startScan`: every library now, or after the running scan when one runs. */
  async scanNow(): Promise<void> {
    if ((await this.targets()).length === 0)
      throw new ServiceUnavailable('No music folder is configured (MUSIC_DIR) on this server');
    await this.start().catch(async (error: unknown) => {
      if (!(error instanceof Conflict)) throw error;
      await this.requestScan();
    });
  }
}
