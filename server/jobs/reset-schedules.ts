import { isDue } from '../../domain/schedule';
import type { Schedule, Settings } from '../../domain/settings';
import type { TaskName } from '../../domain/task';
import type { Db } from '../db/database';
import type { JobQueue } from './queue/job-queue';
import type { SettingsService } from '../modules/settings';
import { ScheduleRepository } from '../modules/tasks';

const SCHEDULED: ReadonlyArray<{ task: TaskName; setting: keyof Settings }> = [
  { task: 'reset_requests', setting: 'resetRequestsSchedule' },
  { task: 'reset_downloads', setting: 'resetDownloadsSchedule' },
];
const TICK_MS = 60 * 1000;

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  schedule: ScheduleRepository;
}

/**
 * Runs reset_requests / reset_downloads on the schedule the admin set. The last run is stored
 * (scheduled_runs), so a restart neither repeats a run nor loses one: a boundary passed while
 * the server was down runs once at the next tick. Switching a schedule on starts counting from
 * then (no immediate reset); switching it off forgets the last run.
 */
export class ResetScheduler {
  private ticking: Promise<TaskName[]> | null = null;
  private readonly schedule: ScheduleRepository;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly runTask: (name: TaskName) => Promise<unknown>,
    private readonly repos: Repositories,
  ) {
    this.schedule = this.repos.schedule;
  }

  /** One check at `now`; answers the tasks it started. Overlapping calls share one check. */
  tick(now = new Date()): Promise<TaskName[]> {
    this.ticking ??= this.check(now).finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** A tick a minute on the job queue: one check per minute however many servers run. */
  start(queue: JobQueue): void {
    queue.every('reset-schedules', { periodMs: TICK_MS }, () => this.tick());
  }

  private async check(now: Date): Promise<TaskName[]> {
    const settings = await this.settings.get();
    const started: TaskName[] = [];
    for (const { task, setting } of SCHEDULED) {
      const schedule = settings[setting] as Schedule;
      if (schedule === 'off') {
        await this.schedule.forgetScheduledRun(task);
        continue;
      }
      const last = await this.schedule.lastScheduledRun(task);
      if (last === null) {
        await this.schedule.recordScheduledRun(task, now.toISOString());
        continue;
      }
      if (!isDue(schedule, last, now)) continue;
      // Recorded first: a crash mid-run must not repeat a reset on every restart.
      await this.schedule.recordScheduledRun(task, now.toISOString());
      await this.runTask(task);
      started.push(task);
    }
    return started;
  }
}
