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

  init(): Promise<void> {
    return this.jobs.failInterrupted();
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
        },
      );
      await this.jobs.finish(jobId, {
        state: 'done',
        imported: report.audioAdded,
        skipped: report.problems.length,
        problems: report.problems,
      });
    } catch (error) {
      this.log.error(error, 'library import failed');
      await this.jobs
        .finish(jobId, {
          state: 'failed',
          imported: 0,
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
