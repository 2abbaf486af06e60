import { backupDue } from '../../../domain/backups';
import type { Db } from '../../db/database';
import { Conflict } from '../../errors';
import type { JobQueue } from '../../jobs/queue/job-queue';
import { ScheduleRepository } from '../tasks';
import type { BackupsService } from './backups.service';

const JOB = 'daily_backup';
const TICK_MS = 60 * 1000;

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  schedule: ScheduleRepository;
}

/**
 * The daily backup. The last scheduled start is stored (scheduled_runs), so a restart neither
 * repeats the day's backup nor loses it: a time passed while the server was down runs once at
 * the next tick. Switching the schedule on starts counting from then. The tick is a periodic
 * job of the queue (issue 32); overlapping ticks share one check and the service runs one
 * backup per data folder.
 */
export class BackupScheduler {
  private ticking: Promise<boolean> | null = null;
  private readonly schedule: ScheduleRepository;

  constructor(
    db: Db,
    private readonly backups: BackupsService,
    private readonly repos: Repositories,
  ) {
    this.schedule = this.repos.schedule;
  }

  /** One check at `now`; answers whether it started a backup. */
  tick(now = new Date()): Promise<boolean> {
    this.ticking ??= this.check(now).finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /**
   * A tick a minute on the job queue (one per minute however many servers run), skipped by a
   * server that has not finished `ready` (recovering an interrupted backup) yet.
   */
  start(queue: JobQueue, ready: () => boolean): void {
    queue.every('backup-schedule', { periodMs: TICK_MS }, () =>
      ready() ? this.tick() : Promise.resolve(false),
    );
  }

  private async check(now: Date): Promise<boolean> {
    const schedule = await this.backups.schedule();
    if (!schedule.enabled) {
      await this.schedule.forgetScheduledRun(JOB);
      return false;
    }
    const last = await this.schedule.lastScheduledRun(JOB);
    if (last === null) {
      await this.schedule.recordScheduledRun(JOB, now.toISOString());
      return false;
    }
    // A backup already running (started by hand) is waited out: the next tick tries again.
    if (!backupDue(schedule, last, now) || this.backups.running) return false;
    // Recorded first: a crash mid-backup must not start one on every restart.
    await this.schedule.recordScheduledRun(JOB, now.toISOString());
    try {
      await this.backups.start('scheduled');
      return true;
    } catch (error) {
      // Another timer or an administrator got there first: that backup is today's.
      if (error instanceof Conflict) return false;
      throw error;
    }
  }
}
