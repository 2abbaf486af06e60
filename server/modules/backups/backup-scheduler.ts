import { backupDue } from '../../../domain/backups';
import type { Db } from '../../db/database';
import { Conflict } from '../../errors';
import { ScheduleRepository } from '../tasks/schedule.repository';
import type { BackupsService } from './backups.service';

const JOB = 'daily_backup';
const TICK_MS = 60 * 1000;

/**
 * The daily backup. The last scheduled start is stored (scheduled_runs), so a restart neither
 * repeats the day's backup nor loses it: a time passed while the server was down runs once at
 * the next tick. Switching the schedule on starts counting from then. Kept behind start/stop
 * and tick so it moves to the job queue (issue 32) without touching the backup itself;
 * overlapping ticks share one check and the service runs one backup per data folder.
 */
export class BackupScheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<boolean> | null = null;
  private readonly schedule: ScheduleRepository;

  constructor(
    db: Db,
    private readonly backups: BackupsService,
  ) {
    this.schedule = new ScheduleRepository(db);
  }

  /** One check at `now`; answers whether it started a backup. */
  tick(now = new Date()): Promise<boolean> {
    this.ticking ??= this.check(now).finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  start(onError: (error: unknown) => void): void {
    this.timer = setInterval(() => void this.tick().catch(onError), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
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
