import type { Db } from '../../db/database';

/** When a scheduled job last ran (ISO), or null when it has no row. */
export async function lastScheduledRun(db: Db, job: string): Promise<string | null> {
  const row = await db
    .selectFrom('scheduled_runs')
    .select('last_run_at')
    .where('job', '=', job)
    .executeTakeFirst();
  return row?.last_run_at ?? null;
}

export async function recordScheduledRun(db: Db, job: string, at: string): Promise<void> {
  await db
    .insertInto('scheduled_runs')
    .values({ job, last_run_at: at })
    .onConflict((oc) => oc.column('job').doUpdateSet({ last_run_at: at }))
    .execute();
}

export async function forgetScheduledRun(db: Db, job: string): Promise<void> {
  await db.deleteFrom('scheduled_runs').where('job', '=', job).execute();
}
