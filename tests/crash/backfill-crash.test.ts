import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../domain/library-import';
import { ADMIN_PASSWORD, crashBench, type CrashBench } from './crash-server';
import { HttpClient } from './http-client';
import { writeAlbums } from './tagged-copies';

const TRACKS = 12;

const measured = async (bench: CrashBench) =>
  Number(
    (
      await bench.db
        .selectFrom('audio')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('loudness', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * kill -9 while the loudness backfill measures the library (issue 31 §3): its progress is the
 * table, so the next start measures only what is left, every track ends measured, and none is
 * measured twice (one attempt each).
 */
describe('kill -9 during the loudness backfill', () => {
  it('resumes after the restart and measures each track once', async () => {
    const bench = await crashBench();
    try {
      const music = join(bench.musicDir, 'music');
      await writeAlbums(music, TRACKS, 1, 1);
      let server = await bench.start({ MUSIC_DIR: music });
      const admin = new HttpClient(server.url);
      await admin.login('admin', ADMIN_PASSWORD);
      const job = await admin.json<ImportJob>('POST', '/api/library/import');
      for (let i = 0; ; i++) {
        const now = await admin.json<ImportJob>('GET', `/api/library/import/${job.jobId}`);
        if (now.state === 'done') break;
        if (i > 1500) throw new Error(`import stuck: ${JSON.stringify(now)}`);
        await new Promise((done) => setTimeout(done, 100));
      }
      await server.kill9();
      // As if imported before loudness was measured at import (migration 0011).
      await bench.db
        .updateTable('audio')
        .set({ loudness: null, true_peak: null, loudness_attempts: 0 })
        .execute();

      server = await bench.start({ LOUDNESS_BACKFILL_DELAY_MS: '0' });
      for (let i = 0; (await measured(bench)) === 0; i++) {
        if (i > 6000) throw new Error('the backfill measured nothing');
        await new Promise((done) => setTimeout(done, 10));
      }
      await server.kill9();
      const atKill = await measured(bench);
      console.log(`killed with ${atKill} of ${TRACKS} tracks measured`);
      expect(atKill).toBeLessThan(TRACKS);

      server = await bench.start({ LOUDNESS_BACKFILL_DELAY_MS: '0' });
      for (let i = 0; (await measured(bench)) < TRACKS; i++) {
        if (i > 1500) throw new Error('the backfill did not finish after the restart');
        await new Promise((done) => setTimeout(done, 100));
      }
      const rows = await bench.db.selectFrom('audio').select(['loudness_attempts']).execute();
      expect(rows.map((r) => r.loudness_attempts)).toEqual(Array(TRACKS).fill(1));
      await server.kill9();
    } finally {
      await bench.close();
    }
  }, 240_000);
});
