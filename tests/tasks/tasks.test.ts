import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../domain/settings';
import type { TaskRun } from '../../domain/task';
import { TestClient } from '../helpers/client';
import { setUpApp, withMember, type AppSetup, type Member } from '../helpers/setup';

let c: AppSetup & { user: Member };

beforeEach(async () => {
  c = await withMember(await setUpApp());
});
afterEach(async () => {
  await c.close();
});

/** Polls GET /api/task until the run is no longer running, as the settings screen does. */
async function waitForTask(taskId: number): Promise<TaskRun> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const runs = (await c.admin.get('/api/task')).json<TaskRun[]>();
    const run = runs.find((candidate) => candidate.taskId === taskId);
    if (run !== undefined && run.state !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`task ${taskId} did not finish`);
}

async function runTask(name: string): Promise<TaskRun> {
  const started = await c.admin.post(`/api/task/${name}`);
  expect(started.statusCode, started.body).toBe(200);
  const run = started.json<TaskRun>();
  expect(run).toMatchObject({ name, state: 'running', finishedAt: null });
  return waitForTask(run.taskId);
}

const remaining = async (): Promise<{ remainingRequests: number; remainingDownloads: number }> =>
  (await c.user.get('/api/user')).json<{
    user: { remainingRequests: number; remainingDownloads: number };
  }>().user;

describe('POST /api/task/reset_requests and reset_downloads', () => {
  it("refill every user's count from the role's limit, reporting the rows changed", async () => {
    await c.t.db
      .updateTable('users')
      .set({ remaining_requests: 0, remaining_downloads: 0 })
      .execute();
    const users = (await c.t.db.selectFrom('users').select('user_id').execute()).length;

    const requests = await runTask('reset_requests');
    expect(requests).toMatchObject({ state: 'finished', rowsChanged: users, error: null });
    expect(requests.finishedAt).not.toBeNull();
    expect(await remaining()).toEqual(
      expect.objectContaining({ remainingRequests: 5, remainingDownloads: 0 }),
    );

    const downloads = await runTask('reset_downloads');
    expect(downloads).toMatchObject({ state: 'finished', rowsChanged: users });
    expect(await remaining()).toEqual(
      expect.objectContaining({ remainingRequests: 5, remainingDownloads: 50 }),
    );
  });
});

describe('POST /api/task/update_genres', () => {
  it("rebuilds the genre list from the library's tags", async () => {
    const { collection_id } = await c.t.db
      .insertInto('collections')
      .values({ name: 'Tagged', added_at: new Date().toISOString() })
      .returning('collection_id')
      .executeTakeFirstOrThrow();
    await c.t.db
      .insertInto('collection_terms')
      .values([
        { collection_id, kind: 'genre', value: 'Trip Hop', value_key: 'trip hop' },
        { collection_id, kind: 'genre', value: 'Ambient', value_key: 'ambient' },
        { collection_id, kind: 'tag', value: 'Club', value_key: 'club' },
      ])
      .execute();
    const before = (await c.admin.get('/api/settings')).json<Settings>().audioGenres;

    const run = await runTask('update_genres');

    const after = (await c.admin.get('/api/settings')).json<Settings>().audioGenres;
    expect(after).toEqual(['Ambient', 'Trip Hop']);
    // Trip Hop came in; every default but Ambient went out.
    const added = 1;
    const removed = before.length - 1;
    expect(run).toMatchObject({ state: 'finished', rowsChanged: added + removed });
  });

  it('leaves the list alone when the library names no genre', async () => {
    const before = (await c.admin.get('/api/settings')).json<Settings>().audioGenres;
    expect(await runTask('update_genres')).toMatchObject({ state: 'finished', rowsChanged: 0 });
    expect((await c.admin.get('/api/settings')).json<Settings>().audioGenres).toEqual(before);
  });
});

describe('GET /api/task', () => {
  it('answers the latest run of each task', async () => {
    expect((await c.admin.get('/api/task')).json()).toEqual([]);
    const first = await runTask('reset_requests');
    const second = await runTask('reset_requests');
    await runTask('reset_downloads');
    const runs = (await c.admin.get('/api/task')).json<TaskRun[]>();
    expect(runs.map((run) => run.name).sort()).toEqual(['reset_downloads', 'reset_requests']);
    expect(runs.find((run) => run.name === 'reset_requests')?.taskId).toBe(second.taskId);
    expect(second.taskId).toBeGreaterThan(first.taskId);
  });
});

describe('task permissions and input', () => {
  it('refuses unknown tasks, members and anonymous callers, running nothing', async () => {
    const unknown = await c.admin.post('/api/task/format_disk');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toContain('name');
    const anonymous = new TestClient(c.t.app);
    expect((await c.user.post('/api/task/reset_downloads')).statusCode).toBe(403);
    expect((await anonymous.post('/api/task/reset_downloads')).statusCode).toBe(401);
    expect((await c.user.get('/api/task')).statusCode).toBe(403);
    expect((await anonymous.get('/api/task')).statusCode).toBe(401);
    expect((await c.admin.get('/api/task')).json()).toEqual([]);
  });
});
