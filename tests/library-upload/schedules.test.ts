import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRepositories } from '../../server/root/repositories';
import { ResetScheduler } from '../../server/jobs/reset-schedules';
import { SettingsService } from '../../server/modules/settings/settings.service';
import { TasksService } from '../../server/modules/tasks/tasks.service';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { memberWithRole, setUpApp } from '../helpers/setup';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await setUpApp());
});
afterAll(async () => {
  await t.close();
});

const remaining = async (userId: number) =>
  await t.db
    .selectFrom('users')
    .select(['remaining_requests', 'remaining_downloads'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

describe('scheduled resets', () => {
  it('are off by default and saved from the settings call, refusing unknown values', async () => {
    const before = (await admin.get('/api/settings')).json<Record<string, unknown>>();
    expect(before).toMatchObject({ resetRequestsSchedule: 'off', resetDownloadsSchedule: 'off' });
    const saved = await admin.post('/api/settings', { resetRequestsSchedule: 'weekly' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ resetRequestsSchedule: 'weekly' });
    const bad = await admin.post('/api/settings', { resetDownloadsSchedule: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/schedule/);
    const user = await memberWithRole(t);
    expect((await user.post('/api/settings', { resetRequestsSchedule: 'daily' })).statusCode).toBe(
      403,
    );
    await admin.post('/api/settings', { resetRequestsSchedule: 'off' });
  });

  it('run once per period, remember the last run across restarts, and start counting when switched on', async () => {
    const settings = new SettingsService(t.db, buildRepositories(t.db, 'sqlite'));
    const user = await memberWithRole(t, { request_limit: 7, download_limit: 9 });
    await t.db
      .updateTable('users')
      .set({ remaining_requests: 0, remaining_downloads: 0 })
      .where('user_id', '=', user.userId)
      .execute();
    await settings.update({ resetRequestsSchedule: 'daily', resetDownloadsSchedule: 'monthly' });

    const boot = () => {
      const tasks = new TasksService(t.db, settings, buildRepositories(t.db, 'sqlite'));
      return {
        tasks,
        scheduler: new ResetScheduler(
          t.db,
          settings,
          (n) => Promise.resolve(tasks.start(n)),
          buildRepositories(t.db, 'sqlite'),
        ),
      };
    };
    let { tasks, scheduler } = boot();
    // Switched on: nothing runs yet.
    expect(await scheduler.tick(new Date('2026-11-22T10:00:00Z'))).toEqual([]);
    expect(await scheduler.tick(new Date('2026-11-22T23:00:00Z'))).toEqual([]);
    // Past midnight: the daily reset runs, once.
    expect(await scheduler.tick(new Date('2026-11-23T00:01:00Z'))).toEqual(['reset_requests']);
    await tasks.idle();
    expect(await remaining(user.userId)).toEqual({ remaining_requests: 7, remaining_downloads: 0 });
    expect(await scheduler.tick(new Date('2026-11-23T08:00:00Z'))).toEqual([]);

    // A restart (a new scheduler on the same database) neither repeats nor loses a run.
    ({ tasks, scheduler } = boot());
    expect(await scheduler.tick(new Date('2026-11-23T09:00:00Z'))).toEqual([]);
    expect(await scheduler.tick(new Date('2026-12-01T00:05:00Z'))).toEqual([
      'reset_requests',
      'reset_downloads',
    ]);
    await tasks.idle();
    expect(await remaining(user.userId)).toEqual({ remaining_requests: 7, remaining_downloads: 9 });

    // Off forgets the last run: switched on again, it starts counting afresh.
    await settings.update({ resetRequestsSchedule: 'off', resetDownloadsSchedule: 'off' });
    expect(await scheduler.tick(new Date('2026-12-05T00:00:00Z'))).toEqual([]);
    const rows = await t.db.selectFrom('scheduled_runs').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
