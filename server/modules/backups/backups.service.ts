import path from 'node:path';
import {
  BackupScheduleSchema,
  DEFAULT_BACKUP_SCHEDULE,
  type BackupRun,
  type BackupSchedule,
  type BackupStatus,
} from '../../../domain/backups';
import type { Config } from '../../config';
import type { Lease } from '../../db/advisory-lease';
import { nowIso, type Db } from '../../db/database';
import { Conflict, DISK_FULL, isDiskFull } from '../../errors';
import { SettingsRepository } from '../settings';
import { BACKUP_PREFIX, writeBackup } from './backup-writer';
import { BackupsRepository } from './backups.repository';
import { listFolder } from '../../storage/folder-reads';
import { removeTree } from '../../storage/work-files';

const SCHEDULE_KEY = 'backupSchedule';

interface ActiveRun {
  backupId: number;
  progress: number;
  done: Promise<void>;
}

/**
 * One backup at a time per data folder in this process, however many apps or timers ask
 * (tests build several apps on one folder; a manual and a scheduled run may meet).
 */
const active = new Map<string, ActiveRun>();

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  backups: BackupsRepository;
  settings: SettingsRepository;
}

export class BackupsService {
  private readonly runs: BackupsRepository;
  private readonly settings: SettingsRepository;

  constructor(
    db: Db,
    private readonly config: Pick<Config, 'dataDir' | 'database'>,
    private readonly log: (error: unknown) => void,
    private readonly repos: Repositories,
  ) {
    this.runs = this.repos.backups;
    this.settings = this.repos.settings;
  }

  get defaultFolder(): string {
    return path.join(this.config.dataDir, 'backups');
  }

  /**
   * At start: a run recorded as running that no process runs (nobody holds the backup lease)
   * was cut short. While another process holds the lease its run is live and stays.
   */
  async recover(): Promise<void> {
    if (active.has(this.config.dataDir)) return;
    const lease = await this.runs.takeRunLease();
    if (lease === null) return;
    try {
      await this.runs.failInterruptedRuns(nowIso());
    } finally {
      await lease.release();
    }
  }

  async schedule(): Promise<BackupSchedule> {
    const stored = (await this.settings.readSettingRows()).get(SCHEDULE_KEY);
    const parsed = BackupScheduleSchema.safeParse(stored);
    return parsed.success ? parsed.data : DEFAULT_BACKUP_SCHEDULE;
  }

  async saveSchedule(schedule: BackupSchedule): Promise<BackupSchedule> {
    await this.settings.writeSettings({ [SCHEDULE_KEY]: schedule });
    return schedule;
  }

  async status(): Promise<BackupStatus> {
    const latest = await this.runs.latestRun();
    const running = active.get(this.config.dataDir);
    const current =
      latest !== null && latest.state === 'running'
        ? { ...latest, progress: running?.backupId === latest.backupId ? running.progress : 0 }
        : null;
    const last = latest !== null && latest.state !== 'running' ? { ...latest, progress: 1 } : null;
    return {
      schedule: await this.schedule(),
      defaultFolder: this.defaultFolder,
      current,
      last: last ?? (current === null ? null : await this.lastFinished(current.backupId)),
    };
  }

  /** Starts a backup in the background and answers its run; 409 while one is running. */
  async start(trigger: BackupRun['trigger']): Promise<BackupRun> {
    if (active.has(this.config.dataDir)) throw new Conflict('A backup is already running');
    // Claimed before the first await, so a second caller (another timer, a double click)
    // finds it taken.
    const run: ActiveRun = { backupId: 0, progress: 0, done: Promise.resolve() };
    active.set(this.config.dataDir, run);
    const startedAt = nowIso();
    let schedule: BackupSchedule;
    let lease: Lease | null = null;
    try {
      lease = await this.runs.takeRunLease();
      // Another process (PROCESSES, or another app server) runs one now.
      if (lease === null) throw new Conflict('A backup is already running');
      schedule = await this.schedule();
      run.backupId = await this.runs.insertRun(trigger, startedAt);
    } catch (error) {
      active.delete(this.config.dataDir);
      await lease?.release();
      throw error;
    }
    const root = schedule.folder ?? this.defaultFolder;
    const held = lease;
    run.done = this.execute(run, root, schedule.retention).finally(async () => {
      active.delete(this.config.dataDir);
      // A lost connection has let the lock go already.
      await held.release().catch(this.log);
    });
    return {
      backupId: run.backupId,
      trigger,
      state: 'running',
      startedAt,
      finishedAt: null,
      folder: root,
      sizeBytes: 0,
      fileCount: 0,
      progress: 0,
      error: null,
    };
  }

  get running(): boolean {
    return active.has(this.config.dataDir);
  }

  /** Resolves when no backup of this folder is running in this process (app close). */
  async idle(): Promise<void> {
    await active.get(this.config.dataDir)?.done;
  }

  private async execute(run: ActiveRun, root: string, retention: number): Promise<void> {
    try {
      const { folder, manifest } = await writeBackup(
        this.config,
        root,
        (fraction) => {
          run.progress = fraction;
        },
        run.backupId,
      );
      await this.runs.finishRun(
        run.backupId,
        { state: 'done', folder, sizeBytes: manifest.totalBytes, fileCount: manifest.files.length },
        nowIso(),
      );
      await pruneBackups(root, retention);
    } catch (error) {
      this.log(error);
      const message = isDiskFull(error)
        ? DISK_FULL
        : error instanceof Error
          ? error.message
          : String(error);
      await this.runs
        .finishRun(run.backupId, { state: 'failed', error: message.slice(0, 500) }, nowIso())
        .catch(this.log);
    }
  }

  private async lastFinished(before: number): Promise<BackupRun | null> {
    const previous = await this.runs.latestRun(before);
    return previous === null ? null : { ...previous, progress: 1 };
  }
}

/** Keeps the newest `keep` finished backups in `root` (names sort by time) and deletes the rest. */
export async function pruneBackups(root: string, keep: number): Promise<string[]> {
  const names = (await listFolder(root))
    .filter((entry) => entry.kind === 'folder' && entry.name.startsWith(BACKUP_PREFIX))
    .map((entry) => entry.name)
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await removeTree(path.join(root, name));
  return old;
}
