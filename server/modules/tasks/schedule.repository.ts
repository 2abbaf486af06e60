import type { Db } from '../../db/database';

export class ScheduleRepository {
  constructor(private readonly db: Db) {}

  /** When a scheduled job last ran (ISO), or null when it has no row. */
  async lastScheduledRun(job: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('scheduled_runs')
      .select('last_run_at')
      .where('job', '=', job)
      .executeTakeFirst();
    return row?.last_run_at ?? null;
  }

  async recordScheduledRun(job: string, at: string): Promise<void> {
    await this.db
      .insertInto('scheduled_runs')
      .values({ job, last_run_at: at })
      .onConflict((oc) => oc.column('job').doUpdateSet({ last_run_at: at }))
      .execute();
  }

  async forgetScheduledRun(job: string): Promise<void> {
    await this.db.deleteFrom('scheduled_runs').where('job', '=', job).execute();
  }
}
