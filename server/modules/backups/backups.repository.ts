import { sql, type Selectable } from 'kysely';
import type { BackupRun } from '../../../domain/backups';
import { takeAdvisoryLease, type Lease } from '../../db/advisory-lease';
import type { Db, Dialect } from '../../db/database';
import type { BackupRunsTable } from '../../db/tables';

const toRun = (row: Selectable<BackupRunsTable>): Omit<BackupRun, 'progress'> => ({
  backupId: row.backup_id,
  trigger: row.trigger,
  state: row.state,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  folder: row.folder,
  sizeBytes: Number(row.size_bytes),
  fileCount: row.file_count,
  error: row.error,
});

/** pg_advisory_lock's first key: this application's backups (the second is unused, 0). */
const BACKUP_LOCK = 0x6d626262; // "mbbb"

export class BackupsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Held by the process running a backup, for as long as it runs: several processes on one
   * database (PROCESSES, or app servers behind a proxy) start one backup between them, and a
   * process starting up can tell a running backup from one cut short. Null while another live
   * process holds it; on SQLite (one process) always granted.
   */
  takeRunLease(): Promise<Lease | null> {
    return takeAdvisoryLease(this.db, this.dialect, BACKUP_LOCK, 0);
  }

  async insertRun(trigger: BackupRun['trigger'], startedAt: string): Promise<number> {
    const row = await this.db
      .insertInto('backup_runs')
      .values({ trigger, state: 'running', started_at: startedAt })
      .returning('backup_id')
      .executeTakeFirstOrThrow();
    return row.backup_id;
  }

  async finishRun(
    backupId: number,
    result:
      | { state: 'done'; folder: string; sizeBytes: number; fileCount: number }
      | { state: 'failed'; error: string },
    finishedAt: string,
  ): Promise<void> {
    await this.db
      .updateTable('backup_runs')
      .set(
        result.state === 'done'
          ? {
              state: 'done',
              folder: result.folder,
              size_bytes: result.sizeBytes,
              file_count: result.fileCount,
              finished_at: finishedAt,
            }
          : { state: 'failed', error: result.error, finished_at: finishedAt },
      )
      .where('backup_id', '=', backupId)
      .execute();
  }

  /** A run still "running" when the server starts was cut short by a stop or a crash. */
  async failInterruptedRuns(finishedAt: string): Promise<void> {
    await this.db
      .updateTable('backup_runs')
      .set({ state: 'failed', error: 'interrupted: the server stopped', finished_at: finishedAt })
      .where('state', '=', 'running')
      .execute();
  }

  /** The newest run, or with `before` the newest one older than that run. */
  async latestRun(before?: number): Promise<Omit<BackupRun, 'progress'> | null> {
    let query = this.db.selectFrom('backup_runs').selectAll();
    if (before !== undefined) query = query.where('backup_id', '<', before);
    const row = await query.orderBy('backup_id', 'desc').limit(1).executeTakeFirst();
    return row === undefined ? null : toRun(row);
  }

  /**
   * Moves absolute paths stored under the backed-up DATA_DIR to the restored one (files,
   * collection folders, import jobs); paths outside it (a library folder) stay as they are.
   */
  async rebaseDataPaths(from: string, to: string): Promise<void> {
    const prefix = `${from}/`;
    const moved = (column: string) =>
      sql<string>`${to} || substr(${sql.ref(column)}, ${prefix.length})`;
    const under = (column: string) =>
      sql<boolean>`substr(${sql.ref(column)}, 1, ${prefix.length}) = ${prefix}`;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('files')
        .set({ path: moved('path') })
        .where(under('path'))
        .execute();
      await trx
        .updateTable('collections')
        .set({ folder: moved('folder') })
        .where(under('folder'))
        .execute();
      await trx
        .updateTable('import_jobs')
        .set({ folder: moved('folder') })
        .where(under('folder'))
        .execute();
    });
  }
}
