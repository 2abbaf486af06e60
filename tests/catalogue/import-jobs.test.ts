import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { testFfmpeg } from '../helpers/ffmpeg';
import { setUpApp } from '../helpers/setup';
import { buildRepositories } from '../../server/root/repositories';

const run = promisify(execFile);

describe('POST /api/library/import', () => {
  let music: string;
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    music = await mkdtemp(join(tmpdir(), 'musicbox-music-dir-'));
    await mkdir(join(music, 'Single'), { recursive: true });
    await run(testFfmpeg(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-metadata',
      'title=Beep',
      '-metadata',
      'album=Beeps',
      '-metadata',
      'artist=Tester',
      join(music, 'Single', 'beep.mp3'),
    ]);
    ({ t, admin } = await setUpApp({ env: { MUSIC_DIR: music } }));
  });
  afterAll(async () => {
    await t.close();
    await rm(music, { recursive: true, force: true });
  });

  it('imports MUSIC_DIR in the background and reports progress until done', async () => {
    const started = await admin.post('/api/library/import');
    expect(started.statusCode).toBe(200);
    const { jobId, state } = started.json<{ jobId: number; state: string }>();
    expect(state).toBe('running');
    let job = started.json<{ state: string; imported: number; filesTotal: number }>();
    for (let i = 0; i < 100 && job.state === 'running'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await admin.get(`/api/library/import/${jobId}`)).json();
    }
    expect(job).toMatchObject({ state: 'done', imported: 1, filesTotal: 1 });
    // The analysis of the added file is a phase of its own, counted to the end.
    expect(job).toMatchObject({ analysis: { done: 1, total: 1, secondsLeft: null } });
    const names = await t.db.selectFrom('collections').select('name').execute();
    expect(names.map((n) => n.name)).toEqual(['Beeps']);
    const list = await admin.get('/api/library/import');
    expect(list.json<Array<{ jobId: number }>>()[0]?.jobId).toBe(jobId);
  });

  it("times a running scan's analysis by its own pace, from its first count", async () => {
    const jobs = buildRepositories(t.db, t.config.database.kind).importJobs;
    const jobId = await jobs.create(music);
    expect((await jobs.find(jobId))?.analysis).toBeNull();
    await jobs.analysisProgress(jobId, 0, 40);
    await new Promise((r) => setTimeout(r, 1100));
    await jobs.analysisProgress(jobId, 10, 40);
    const running = await jobs.find(jobId);
    expect(running?.analysis).toMatchObject({ done: 10, total: 40 });
    // 10 files in about 1.1 s: 30 more take about 3.3 s.
    expect(running?.analysis?.secondsLeft).toBeGreaterThanOrEqual(3);
    expect(running?.analysis?.secondsLeft).toBeLessThanOrEqual(5);
    await jobs.finish(jobId, { state: 'done', skipped: 0, problems: [] });
    expect((await jobs.find(jobId))?.analysis).toEqual({ done: 10, total: 40, secondsLeft: null });
  });

  it('is for administrators only', async () => {
    const user = new TestClient(t.app);
    await user.register({ username: 'listener' });
    expect((await user.post('/api/library/import')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/library/import')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown job and 400 for a bad id', async () => {
    expect((await admin.get('/api/library/import/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/library/import/abc')).statusCode).toBe(400);
  });

  it('explains that MUSIC_DIR must be set when it is not', async () => {
    const bare = await createTestApp();
    try {
      const client = new TestClient(bare.app);
      await client.login(ADMIN.username, ADMIN.password);
      const response = await client.post('/api/library/import');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/MUSIC_DIR/);
    } finally {
      await bare.close();
    }
  });
});
