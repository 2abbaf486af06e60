import type { TaskRun } from '../../domain/task';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

export interface AdminTestContext {
  t: TestApp;
  admin: TestClient;
  member: TestClient;
  memberId: number;
}

/** A fresh app with the seeded administrator signed in and one registered member. */
export async function setUpAdmin(): Promise<AdminTestContext> {
  const t = await createTestApp();
  const admin = new TestClient(t.app);
  await admin.login(ADMIN.username, ADMIN.password);
  const member = new TestClient(t.app);
  const registered = await member.register({ username: 'member' });
  const memberId = registered.json<{ user: { userId: number } }>().user.userId;
  return { t, admin, member, memberId };
}

/** Polls GET /api/task until the run is no longer running, as the settings screen does. */
export async function waitForTask(admin: TestClient, taskId: number): Promise<TaskRun> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const runs = (await admin.get('/api/task')).json<TaskRun[]>();
    const run = runs.find((candidate) => candidate.taskId === taskId);
    if (run !== undefined && run.state !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`task ${taskId} did not finish`);
}
