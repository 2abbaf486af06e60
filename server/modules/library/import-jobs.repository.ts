import type { ImportJob, ImportProblem } from '../../../domain/library-import';
import { nowIso, parseJson, type Db } from '../../db/database';

export class ImportJobsRepository {
  constructor(private readonly db: Db) {}

  async create(folder: string): Promise<number> {
    const row = await this.db
      .insertInto('import_jobs')
      .values({ folder, state: 'running', started_at: nowIso() })
      .returning('job_id')
      .executeTakeFirstOrThrow();
    return row.job_id;
  }

  async progress(jobId: number, filesDone: number, filesTotal: number): Promise<void> {
    await this.db
      .updateTable('import_jobs')
      .set({ files_done: filesDone, files_total: filesTotal })
      .where('job_id', '=', jobId)
      .execute();
  }

  async finish(
    jobId: number,
    result: {
      state: 'done' | 'failed';
      imported: number;
      skipped: number;
      problems: ImportProblem[];
    },
  ): Promise<void> {
    await this.db
      .updateTable('import_jobs')
      .set({
        state: result.state,
        finished_at: nowIso(),
        imported: result.imported,
        skipped: result.skipped,
        // Keep the record small even when a whole folder is unreadable.
        problems: JSON.stringify(result.problems.slice(0, 200)),
      })
      .where('job_id', '=', jobId)
      .execute();
  }

  /** Jobs left "running" by a server that stopped mid-import are failed on start. */
  async failInterrupted(): Promise<void> {
    await this.db
      .updateTable('import_jobs')
      .set({ state: 'failed', finished_at: nowIso() })
      .where('state', '=', 'running')
      .execute();
  }

  async find(jobId: number): Promise<ImportJob | null> {
    const row = await this.db
      .selectFrom('import_jobs')
      .selectAll()
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return row ? toJob(row) : null;
  }

  async recent(limit = 10): Promise<ImportJob[]> {
    const rows = await this.db
      .selectFrom('import_jobs')
      .selectAll()
      .orderBy('job_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toJob);
  }
}

function toJob(row: {
  job_id: number;
  folder: string;
  state: ImportJob['state'];
  started_at: string;
  finished_at: string | null;
  files_total: number;
  files_done: number;
  imported: number;
  skipped: number;
  problems: string;
}): ImportJob {
  return {
    jobId: row.job_id,
    folder: row.folder,
    state: row.state,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    filesTotal: row.files_total,
    filesDone: row.files_done,
    imported: row.imported,
    skipped: row.skipped,
    problems: parseJson<ImportProblem[]>(row.problems, []),
  };
}
