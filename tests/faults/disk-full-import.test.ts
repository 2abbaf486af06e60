import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../domain/library-import';
import { DISK_FULL } from '../../server/errors';
import { makeMp3 } from '../helpers/audio';
import { type TestClient } from '../helpers/client';
import { setUpApp } from '../helpers/setup';
import { canMountTmpfs, smallDisks, type SmallDisks } from '../helpers/small-disk';
import { type TestApp } from '../helpers/test-app';

/**
 * A full disk during an admin's MUSIC_DIR import (issue 31 §3): the album whose cover does not
 * fit stops the import, and the job tells the admin in the one clear DISK_FULL sentence, never
 * the raw "ENOSPC: no space left on device, open '/data/images/...'" with a server path in it.
 * What landed before stays: its collection, its track count on the job. With room again a new
 * import adds the rest.
 */
const mountable = await canMountTmpfs();
const PAGE = 4096;

let disks: SmallDisks;
let music: string;
let t: TestApp;
let admin: TestClient;
let coverSize = 0;

/** Noise does not compress: each album's cover takes several pages of the small disk. */
const noiseCover = () =>
  sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
    .png()
    .toBuffer();

async function importToEnd(): Promise<ImportJob> {
  const started = await admin.post('/api/library/import');
  expect(started.statusCode, started.body).toBe(200);
  let job = started.json<ImportJob>();
  for (let i = 0; job.state === 'running'; i += 1) {
    if (i > 600) throw new Error('the import stayed "running"');
    await new Promise((done) => setTimeout(done, 100));
    job = (await admin.get(`/api/library/import/${job.jobId}`)).json<ImportJob>();
  }
  return job;
}

const collections = () => t.db.selectFrom('collections').select(['name', 'image_hash']).execute();

describe.skipIf(!mountable)('a full disk during a library import', () => {
  beforeAll(async () => {
    disks = await smallDisks(['images']);
    music = await mkdtemp(join(tmpdir(), 'musicbox-full-music-'));
    for (const album of ['First', 'Second']) {
      await mkdir(join(music, album));
      const mp3 = await makeMp3({ title: `${album} song`, track: 1, album, artist: 'Full' });
      await writeFile(join(music, album, '01.mp3'), mp3);
      const cover = await noiseCover();
      coverSize = Math.max(coverSize, cover.length);
      await writeFile(join(music, album, 'cover.png'), cover);
    }
    ({ t, admin } = await setUpApp({ env: { DATA_DIR: disks.dataDir, MUSIC_DIR: music } }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await disks?.cleanup();
    await rm(music, { recursive: true, force: true });
  });

  it('records DISK_FULL for the admin, keeping the album imported before', async () => {
    // Room for one cover, not two.
    await disks.fill(Math.ceil(coverSize / PAGE) * PAGE + PAGE, ['images']);
    const job = await importToEnd();
    expect(job.state).toBe('failed');
    expect(job.problems).toEqual([{ path: music, error: DISK_FULL }]);
    const shown = JSON.stringify(
      await admin.get(`/api/library/import/${job.jobId}`).then((r) => r.json()),
    );
    expect(shown).not.toMatch(/ENOSPC|no space left/i);
    expect(shown).not.toContain(disks.dataDir);
    // The album written before the disk filled stays, counted on the job, with its cover.
    const kept = await collections();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.image_hash).not.toBeNull();
    expect(job.imported).toBe(1);
    // One whole cover on the disk, no partial one.
    expect(await disks.filesIn('images')).toEqual([
      `${kept[0]!.image_hash!.slice(0, 2)}/${kept[0]!.image_hash!}`,
    ]);

    // With room again a new import adds the album that did not fit, and only that one.
    await disks.free();
    const again = await importToEnd();
    expect(again).toMatchObject({ state: 'done', imported: 1, problems: [] });
    expect((await collections()).map((c) => c.name).sort()).toEqual(['First', 'Second']);
  }, 120_000);
});
