import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../domain/library-import';
import { ADMIN_PASSWORD, crashBench, type CrashBench } from './crash-server';
import { HttpClient } from './http-client';
import { writeAlbums } from './tagged-copies';

const ALBUMS = 24;

const landed = async (bench: CrashBench, music: string) =>
  Number(
    (
      await bench.db
        .selectFrom('files')
        .innerJoin('audio', 'audio.file_id', 'files.file_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('files.path', 'like', `${music}%`)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * kill -9 while an admin's MUSIC_DIR import is writing collections (issue 31 §3): after the
 * restart the same job is resumed to the end, its count is every track that landed (never
 * "failed, 0 tracks"), and no file is imported twice.
 */
describe('kill -9 during a library import', () => {
  it('resumes the job after the restart and imports each file once', async () => {
    const bench = await crashBench();
    try {
      const music = join(bench.musicDir, 'music');
      const paths = await writeAlbums(music, ALBUMS, 1, 1);
      let server = await bench.start({ MUSIC_DIR: music });
      const admin = new HttpClient(server.url);
      await admin.login('admin', ADMIN_PASSWORD);
      const job = await admin.json<ImportJob>('POST', '/api/library/import');

      // Mid-way, provably: some tracks are in the catalogue, not all.
      let before = 0;
      for (let i = 0; before === 0; i++) {
        if (i > 6000) throw new Error('no track landed');
        before = await landed(bench, music);
        if (before === 0) await new Promise((done) => setTimeout(done, 10));
      }
      await server.kill9();
      const atKill = await landed(bench, music);
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(ALBUMS);
      console.log(`killed with ${atKill} of ${ALBUMS} tracks in the catalogue`);
      const cut = await bench.db
        .selectFrom('import_jobs')
        .selectAll()
        .where('job_id', '=', job.jobId)
        .executeTakeFirstOrThrow();
      expect(cut.state).toBe('running');
      // The count committed with the tracks.
      expect(cut.imported).toBe(atKill);

      server = await bench.start({ MUSIC_DIR: music });
      admin.baseUrl = server.url;
      await admin.login('admin', ADMIN_PASSWORD);
      let after = job;
      for (let i = 0; ; i++) {
        after = await admin.json<ImportJob>('GET', `/api/library/import/${job.jobId}`);
        if (after.state !== 'running') break;
        if (i > 1500) throw new Error('the job stayed "running"');
        await new Promise((done) => setTimeout(done, 100));
      }
      expect(after.state).toBe('done');
      expect(after.imported).toBe(ALBUMS);
      expect(await landed(bench, music)).toBe(ALBUMS);

      // Each path once, each album one collection, each row's file on disk.
      const rows = await bench.db.selectFrom('files').select(['path']).execute();
      const rowPaths = rows.map((r) => r.path).sort();
      expect(rowPaths).toEqual([...paths].sort());
      const collections = await bench.db.selectFrom('collections').select(['import_key']).execute();
      expect(collections).toHaveLength(ALBUMS);
      expect(new Set(collections.map((c) => c.import_key)).size).toBe(ALBUMS);
      for (const path of rowPaths) expect((await stat(path)).isFile()).toBe(true);
      // Nothing left behind in the music folder: only the albums' own files.
      expect((await listTree(music)).sort()).toEqual([...paths].sort());
      await server.kill9();
    } finally {
      await bench.close();
    }
  }, 300_000);
});
