import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../helpers/client';
import { makeMp3 } from '../helpers/audio';
import { registerMember, setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

/** Scan now, then waits until the scan is done. */
async function scan(admin: TestClient): Promise<Record<string, unknown>> {
  const started = await admin.post('/api/library/import');
  expect(started.statusCode).toBe(200);
  const { jobId } = started.json<{ jobId: number }>();
  let job = started.json<Record<string, unknown>>();
  for (let i = 0; i < 100 && job.state === 'running'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await admin.get(`/api/library/import/${jobId}`)).json();
  }
  return job;
}

describe('removing missing files (admin)', () => {
  let music: string;
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    music = await mkdtemp(join(tmpdir(), 'musicbox-missing-'));
    await mkdir(join(music, 'Album'));
    for (const track of [1, 2])
      await writeFile(
        join(music, 'Album', `0${track}.mp3`),
        await makeMp3({ title: `Song ${track}`, album: 'Gone Soon', artist: 'Leaver', track }),
      );
    ({ t, admin } = await setUpApp({ env: { MUSIC_DIR: music, SCAN_INTERVAL: '0' } }));
  });
  afterAll(async () => {
    await t.close();
    await rm(music, { recursive: true, force: true });
  });

  it('counts the files a scan found gone, then removes them for good when asked', async () => {
    expect(await scan(admin)).toMatchObject({ state: 'done', imported: 2 });
    expect((await admin.get('/api/library/missing')).json()).toEqual({ count: 0 });
    await rm(join(music, 'Album', '02.mp3'));
    expect(await scan(admin)).toMatchObject({ state: 'done', summary: { missing: 1 } });
    expect((await admin.get('/api/library/missing')).json()).toEqual({ count: 1 });

    const removed = await admin.post('/api/library/missing/remove');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: 1 });
    expect((await admin.get('/api/library/missing')).json()).toEqual({ count: 0 });
    const files = await t.db.selectFrom('files').select('relative_path').execute();
    expect(files.map((file) => file.relative_path)).toEqual(['01.mp3']);
  });

  it('is for administrators only', async () => {
    const member = await registerMember(t, 'member');
    expect((await member.get('/api/library/missing')).statusCode).toBe(403);
    expect((await member.post('/api/library/missing/remove')).statusCode).toBe(403);
  });
});
