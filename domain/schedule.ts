import type { Schedule } from './settings';

/**
 * The start of the period `now` falls in (UTC): midnight for daily, Monday midnight for weekly,
 * the 1st at midnight for monthly; null when the schedule is off. A scheduled job is due when
 * its last run is older than this, so a server that was down at the boundary catches up once.
 */
export function periodStart(schedule: Schedule, now: Date): Date | null {
  if (schedule === 'off') return null;
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (schedule === 'daily') return new Date(day);
  if (schedule === 'weekly') {
    const sinceMonday = (now.getUTCDay() + 6) % 7;
    return new Date(day - sinceMonday * 24 * 60 * 60 * 1000);
  }
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Whether a job last run at `lastRun` (ISO, or null when it never ran) is due at `now`. */
export function isDue(schedule: Schedule, lastRun: string | null, now: Date): boolean {
  const start = periodStart(schedule, now);
  if (start === null || lastRun === null) return false;
  return new Date(lastRun).getTime() < start.getTime();
}
