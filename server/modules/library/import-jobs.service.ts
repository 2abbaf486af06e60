import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob } from '../../../domain/library-import';
import type { Config } from '../../config';
import type { Db, Dialect } from '../../db/database';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { importFolder } from '../../jobs/library-import';
import { ImageStore } from '../../media/image-store';
import { CatalogueWriteRepository } from '../catalogue/catalogue-write.repository';
import { ImportJobsRepository } from './import-jobs.repository';

/**
 * Admin-started imports of the configured MUSIC_DIR, run in the background one at a time.
 * The folder comes from the server's configuration, never from a request.
 */
export class ImportJobsService {
  private readonly jobs: ImportJobsRepository;
  private running: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.jobs = new ImportJobsRepository(db);
  }

  /**
   * An import a crash cut short is resumed where it stopped: the import skips files already in
   * the catalogue, and the job's count kept what landed before. Only the newest one of the
   * configured folder is resumed; any other is closed as failed, keeping its count.
   */
  async init(): Promise<void> {
    const interrupted = await this.jobs.interrupted();
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
    this.running = resume.jobId;
    void this.run(resume.jobId, resume.folder);
  }

  async start(): Promise<ImportJob> {
    const folder = this.config.musicDir;
    if (folder === null)
      throw new BadRequest('Set MUSIC_DIR to the folder to import, then restart the server');
    if (this.running !== null) throw new Conflict(`Import ${this.running} is still running`);
    const jobId = await this.jobs.create(folder);
    this.running = jobId;
    void this.run(jobId, folder);
    return (await this.jobs.find(jobId))!;
  }

  private async run(jobId: number, folder: string): Promise<void> {
    let lastSaved = 0;
    try {
      const report = await importFolder(
        new CatalogueWriteRepository(this.db, this.dialect),
        new ImageStore(join(this.config.dataDir, 'images')),
        folder,
        {
          onProgress: (done, total) => {
            if (done !== total && Date.now() - lastSaved < 1000) return;
            lastSaved = Date.now();
            this.jobs.progress(jobId, done, total).catch((e: unknown) => this.log.warn(e));
          },
          onWritten: (tracks, trx) => this.jobs.addImported(jobId, tracks, trx),
        },
      );
      await this.jobs.finish(jobId, {
        state: 'done',
        skipped: report.problems.length,
        problems: report.problems,
      });
    } catch (error) {
      this.log.error(error, 'library import failed');
      await this.jobs
        .finish(jobId, {
          state: 'failed',
          skipped: 0,
          problems: [{ path: folder, error: (error as Error).message }],
        })
        .catch((e: unknown) => this.log.error(e));
    } finally {
      this.running = null;
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
}
