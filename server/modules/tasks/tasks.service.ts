import type { TaskName, TaskRun } from '../../../domain/task';
import type { Db } from '../../db/database';
import type { SettingsService } from '../settings';
import { UsersRepository } from '../users';
import { TasksRepository } from './tasks.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  tasks: TasksRepository;
  users: UsersRepository;
}

/**
 * Runs admin tasks in the background and remembers the latest run of each. Runs live in memory:
 * after a restart there is no run to report, and so never one stuck "running".
 */
export class TasksService {
  private nextId = 1;
  private readonly latest = new Map<TaskName, TaskRun>();
  private readonly pending = new Set<Promise<void>>();
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly repos: Repositories,
  ) {
    this.users = this.repos.users;
  }

  /** A task already running is not started twice; its current run is answered instead. */
  start(name: TaskName): TaskRun {
    const current = this.latest.get(name);
    if (current?.state === 'running') return current;
    const run: TaskRun = {
      taskId: this.nextId++,
      name,
      state: 'running',
      startedAt: new Date().toISOString(),
      finishedAt: null,
      rowsChanged: null,
      error: null,
    };
    this.latest.set(name, run);
    const work = this.execute(run).finally(() => this.pending.delete(work));
    this.pending.add(work);
    return { ...run };
  }

  list(): TaskRun[] {
    return [...this.latest.values()].map((run) => ({ ...run }));
  }

  /** Lets the app close (and tests wait) without cutting a run short. */
  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private async execute(run: TaskRun): Promise<void> {
    try {
      run.rowsChanged = await this.perform(run.name);
      run.state = 'finished';
    } catch {
      run.state = 'failed';
      run.error = 'The task failed; see the server log';
    }
    run.finishedAt = new Date().toISOString();
  }

  private async perform(name: TaskName): Promise<number> {
    switch (name) {
      case 'reset_requests':
        return this.users.resetRemainingFromRoles('remaining_requests');
      case 'reset_downloads':
        return this.users.resetRemainingFromRoles('remaining_downloads');
      case 'update_genres':
        return this.updateGenres();
    }
  }

  /** An empty library leaves the list alone: there is nothing to rebuild it from. */
  private async updateGenres(): Promise<number> {
    const genres = await this.repos.tasks.listLibraryGenres();
    if (genres.length === 0) return 0;
    const before = new Set((await this.settings.get()).audioGenres);
    const after = new Set(genres);
    const changed =
      genres.filter((genre) => !before.has(genre)).length +
      [...before].filter((genre) => !after.has(genre)).length;
    await this.settings.update({ audioGenres: genres });
    return changed;
  }
}
