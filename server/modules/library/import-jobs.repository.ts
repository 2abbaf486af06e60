import type { ImportJob, ImportProblem, ScanSummary } from '../../../domain/library-import';
import { nowIso, parseJson, type Db } from '../../db/database';
import type { Executor } from '../catalogue';

export class ImportJobsRepository {
  constructor(private readonly db: Db) {}

  async create(folder: string, libraryId: number | null = null): Promise<number> {
    const row = await this.db
      .insertInto('import_jobs')
      .values({ folder, state: 'running', started_at: nowIso(), library_id: libraryId })
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

  /** The analysis phase's count; its clock starts at the first report. */
  async analysisProgress(jobId: number, done: number, total: number): Promise<void> {
    await this.db
      .updateTable('import_jobs')
      .set((eb) => ({
        analysis_done: done,
        analysis_total: total,
        analysis_started_at: eb.fn.coalesce('analysis_started_at', eb.val(nowIso())),
      }))
      .where('job_id', '=', jobId)
      .execute();
  }

  /** Counts tracks as they land, in the transaction that writes them. */
  async addImported(jobId: number, tracks: number, trx: Executor): Promise<void> {
    await trx
      .updateTable('import_jobs')
      .set((eb) => ({ imported: eb('imported', '+', tracks) }))
      .where('job_id', '=', jobId)
      .execute();
  }

  /** The imported count is not set here: addImported keeps it, across a restart too. */
  async finish(
    jobId: number,
    result: {
      state: 'done' | 'failed';
      skipped: number;
      problems: ImportProblem[];
      summary?: ScanSummary;
    },
  ): Promise<void> {
    await this.db
      .updateTable('import_jobs')
      .set({
        state: result.state,
        finished_at: nowIso(),
        skipped: result.skipped,
        // Keep the record small even when a whole folder is unreadable.
        problems: JSON.stringify(result.problems.slice(0, 200)),
        summary: result.summary ? JSON.stringify(result.summary) : null,
      })
      .where('job_id', '=', jobId)
      .execute();
  }

  /** Jobs a server that stopped mid-import left "running", oldest first. */
  async interrupted(): Promise<Array<{ jobId: number; folder: string; libraryId: number | null }>> {
    const rows = await this.db
      .selectFrom('import_jobs')
      .select(['job_id', 'folder', 'library_id'])
      .where('state', '=', 'running')
      .orderBy('job_id')
      .execute();
    return rows.map((row) => ({
      jobId: row.job_id,
      folder: row.folder,
      libraryId: row.library_id === null ? null : Number(row.library_id),
    }));
  }

  /** The newest scan of each of these libraries (running or finished). */
  async latestPerLibrary(libraryIds: number[]): Promise<Map<number, ImportJob>> {
    if (libraryIds.length === 0) return new Map();
    const latest = this.db
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.max('job_id').as('job_id'))
      .where('library_id', 'in', libraryIds)
      .groupBy('library_id');
    const rows = await this.db
      .selectFrom('import_jobs')
      .selectAll()
      .where('job_id', 'in', latest)
      .execute();
    return new Map(rows.map((row) => [Number(row.library_id), toJob(row)]));
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
  summary: string | null;
  library_id: number | null;
  analysis_total: number;
  analysis_done: number;
  analysis_started_at: string | null;
}): ImportJob {
  return {
    jobId: row.job_id,
    folder: row.folder,
    libraryId: row.library_id === null ? null : Number(row.library_id),
    state: row.state,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    filesTotal: row.files_total,
    filesDone: row.files_done,
    imported: row.imported,
    skipped: row.skipped,
    problems: parseJson<ImportProblem[]>(row.problems, []),
    summary: row.summary === null ? null : parseJson<ScanSummary | null>(row.summary, null),
    secondsLeft:
      row.state === 'running' ? secondsLeft(row.started_at, row.files_done, row.files_total) : null,
    analysis:
      row.analysis_total === 0
        ? null
        : {
            done: row.analysis_done,
            total: row.analysis_total,
            secondsLeft:
              row.state === 'running' && row.analysis_started_at !== null
                ? secondsLeft(row.analysis_started_at, row.analysis_done, row.analysis_total)
                : null,
          },
  };
}

/** The files left at the pace so far; null before there is a pace to go by. */
function secondsLeft(startedAt: string, done: number, total: number): number | null {
  const elapsed = (Date.now() - Date.parse(startedAt)) / 1000;
  if (done === 0 || total === 0 || !(elapsed > 0)) return null;
  return Math.max(0, Math.round(((total - done) * elapsed) / done));
}
