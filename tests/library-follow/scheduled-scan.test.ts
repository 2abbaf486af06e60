import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { makeMp3 } from '../helpers/audio';
import { setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

async function collectionNames(t: TestApp): Promise<string[]> {
  const rows = await t.db.selectFrom('collections').select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

describe('SCAN_INTERVAL', () => {
  it('takes whole seconds or a duration, 0 for off, and names itself when wrong', () => {
    const interval = (value?: string) =>
      loadConfig({ SCAN_INTERVAL: value }).library.scanIntervalSeconds;
    expect(interval()).toBe(3600);
    expect(interval('0')).toBe(0);
    expect(interval('90')).toBe(90);
    expect(interval('15m')).toBe(900);
    expect(interval('1h')).toBe(3600);
    expect(interval('2d')).toBe(172_800);
    for (const bad of ['-1', '1.5', 'hourly', '1w', '31d'])
      expect(() => interval(bad)).toThrow(/SCAN_INTERVAL/);
    expect(() => loadConfig({ LIBRARY_WATCH: 'maybe' })).toThrow(/LIBRARY_WATCH/);
  });
});

describe('a scheduled rescan of MUSIC_DIR', () => {
  let music: string;
  let t: TestApp;

  beforeAll(async () => {
    music = await mkdtemp(join(tmpdir(), 'musicbox-scheduled-'));
    await mkdir(join(music, 'First'));
    await writeFile(
      join(music, 'First', '01.mp3'),
      await makeMp3({ title: 'One', album: 'First Album', artist: 'Scheduler' }),
    );
    ({ t } = await setUpApp({ env: { MUSIC_DIR: music, SCAN_INTERVAL: '1' } }));
  });
  afterAll(async () => {
    await t.close();
    await rm(music, { recursive: true, force: true });
  });

  it('lists what is added to the folder without any admin call', async () => {
    expect(await waitFor(async () => (await collectionNames(t)).length === 1, 10_000)).toBe(true);
    await mkdir(join(music, 'Second'));
    await writeFile(
      join(music, 'Second', '01.mp3'),
      await makeMp3({ title: 'Two', album: 'Second Album', artist: 'Scheduler' }),
    );
    const listed = await waitFor(
      async () => (await collectionNames(t)).includes('Second Album'),
      10_000,
    );
    expect(listed).toBe(true);
    expect(await collectionNames(t)).toEqual(['First Album', 'Second Album']);
    // Requests that came while a scan ran were run after it, one at a time: never two at once.
    const jobs = await t.db.selectFrom('import_jobs').select(['state']).execute();
    expect(jobs.filter((job) => job.state === 'running').length).toBeLessThanOrEqual(1);
  });
});
