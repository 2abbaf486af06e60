import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderFollower } from '../../server/modules/library/folder-follower';
import { writeTone } from '../helpers/audio';
import { setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tone(dir: string, name: string, title: string, track: number): Promise<Buffer> {
  const file = join(dir, name);
  await writeTone(file, {
    seconds: 4,
    frequency: 300 + track * 50,
    tags: { title, album: 'Watched Album', artist: 'Watcher', album_artist: 'Watcher', track },
    args: ['-codec:a', 'libmp3lame', '-b:a', '64k'],
  });
  return readFile(file);
}

/** Copies `bytes` in three chunks with pauses longer than the watcher's quiet time. */
async function slowCopy(bytes: Buffer, to: string, gapMs: number): Promise<void> {
  const third = Math.ceil(bytes.length / 3);
  await writeFile(to, bytes.subarray(0, third));
  for (let at = third; at < bytes.length; at += third) {
    await pause(gapMs);
    await appendFile(to, bytes.subarray(at, at + third));
  }
}

describe('following MUSIC_DIR (LIBRARY_WATCH)', () => {
  let music: string;
  let made: string;
  let t: TestApp;

  beforeAll(async () => {
    music = await mkdtemp(join(tmpdir(), 'musicbox-watched-'));
    made = await mkdtemp(join(tmpdir(), 'musicbox-watched-src-'));
    ({ t } = await setUpApp({
      env: { MUSIC_DIR: music, LIBRARY_WATCH: '1', SCAN_INTERVAL: '0' },
    }));
  });
  afterAll(async () => {
    await t.close();
    await rm(music, { recursive: true, force: true });
    await rm(made, { recursive: true, force: true });
  });

  it('lists an album copied in within 10 s of its files being complete, never half-written', async () => {
    const one = await tone(made, '01.mp3', 'First Watched', 1);
    const two = await tone(made, '02.mp3', 'Second Watched', 2);
    const album = join(music, 'Watcher', 'Watched Album');
    await mkdir(album, { recursive: true });
    // A slow copy: each pause (2.5 s) is longer than the quiet time the watcher waits (2 s).
    await Promise.all([
      slowCopy(one, join(album, '01.mp3'), 2500),
      slowCopy(two, join(album, '02.mp3'), 2500),
    ]);
    const complete = Date.now();
    let rows: Array<{ size: number; duration: number; title: string }> = [];
    while (Date.now() - complete < 10_000 && rows.length < 2) {
      await pause(200);
      rows = await t.db
        .selectFrom('files')
        .innerJoin('audio', 'audio.file_id', 'files.file_id')
        .select(['files.size', 'audio.duration', 'audio.title'])
        .orderBy('audio.title')
        .execute();
    }
    expect(rows.map((row) => row.title)).toEqual(['First Watched', 'Second Watched']);
    expect(Date.now() - complete).toBeLessThan(10_000);
    // Whole files: their full size and length, not what was there mid-copy.
    expect(rows.map((row) => Number(row.size))).toEqual([one.length, two.length]);
    for (const row of rows) expect(row.duration).toBeGreaterThan(3.5);
    // The rows are in before the job is marked done: on a loaded CI machine (fresh-clone run,
    // 2026-12-02) it was still running after a fixed 4 s. Wait for it to end, then wait longer
    // than the watcher's quiet time.
    const listJobs = () =>
      t.db.selectFrom('import_jobs').select(['state', 'imported']).orderBy('job_id').execute();
    for (let i = 0; i < 150 && (await listJobs()).some((job) => job.state === 'running'); i++)
      await pause(200);
    // Scanning writes nothing into the folder, so a scan never sets off the next one.
    await pause(4000);
    const jobs = await listJobs();
    expect(jobs.every((job) => job.state !== 'failed')).toBe(true);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'done', imported: 2 });
  }, 70_000);
});

describe('FolderFollower', () => {
  it('says once that a folder cannot be watched and asks for nothing', async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    let asked = 0;
    const follower = new FolderFollower(
      join(tmpdir(), 'musicbox-no-such-folder-46'),
      () => Promise.resolve(void (asked += 1)),
      log as never,
    );
    await follower.start();
    follower.stop();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Scheduled scans \(SCAN_INTERVAL\) go on/);
    expect(asked).toBe(0);
  });

  it('asks for one scan once a burst of changes has settled', async () => {
    const root = await mkdtemp(join(tmpdir(), 'musicbox-follow-'));
    let asked = 0;
    const follower = new FolderFollower(
      root,
      () => Promise.resolve(void (asked += 1)),
      { warn: () => undefined } as never,
      { quietMs: 200, checkMs: 100 },
    );
    try {
      await follower.start();
      await mkdir(join(root, 'new', 'deep'), { recursive: true });
      await pause(50);
      for (let i = 0; i < 5; i += 1) await writeFile(join(root, 'new', 'deep', `${i}.mp3`), 'x');
      for (let i = 0; i < 40 && asked === 0; i += 1) await pause(50);
      await pause(500);
      expect(asked).toBe(1);
      // A file added later in a folder made after the start is seen too.
      await writeFile(join(root, 'new', 'deep', 'late.mp3'), 'y');
      for (let i = 0; i < 40 && asked === 1; i += 1) await pause(50);
      expect(asked).toBe(2);
    } finally {
      follower.stop();
      await rm(root, { recursive: true, force: true });
    }
  });
});
