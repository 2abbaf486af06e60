import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crashBench } from './crash-server';

const SWEPT = 'start-up sweep:';
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

async function plant(path: string, ageMs = 60_000): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, 'x'.repeat(100));
  const when = new Date(Date.now() - ageMs);
  await utimes(path, when, when);
  return path;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** Waits for the `n`th start-up sweep line in the servers' shared log. */
async function sweepLines(log: string, n: number): Promise<string[]> {
  for (let i = 0; ; i++) {
    const lines = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line.includes(SWEPT));
    if (lines.length >= n) return lines;
    if (i > 300) throw new Error(`no start-up sweep line after 30 s (${lines.length} of ${n})`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * kill -9 leftovers (issue 31 §3): the half-written files only a killed process leaves (image
 * store `.tmp`, transcode cache `.tmp-`, member upload `.part-`, library upload `.upload-*.part`,
 * tag rewrite `.tags-`) are removed when the server starts again. Finished covers, cached
 * transcodes and media stay; so do a temporary file newer than the process (one it is writing
 * now), anything reached only through a symlink, and the symlinks themselves.
 */
describe('temporary files left by a killed server', () => {
  it('are removed at the next start, and nothing else is', async () => {
    const bench = await crashBench();
    const outside = await mkdtemp(join(tmpdir(), 'musicbox-outside-'));
    try {
      const server = await bench.start();
      await sweepLines(bench.log, 1);
      await server.kill9();
      const data = bench.dataDir;
      const hash = hex(32);
      const key = hex(32);
      const cover = join(data, 'images', hash.slice(0, 2), hash);
      const thumb = join(data, 'images', 'thumbs', hash.slice(0, 2), `${hash}.webp`);
      const cached = join(data, 'cache', key.slice(0, 2), `${key}.mp3`);
      const song = join(data, 'media', 'uploads', '7', '01 - Song.mp3');

      const kept = [
        await plant(cover),
        await plant(thumb),
        await plant(cached),
        await plant(song),
        await plant(join(data, 'uploads', hex(16))),
        // Being written by the live process: newer than its start.
        await plant(`${cover}.${hex(6)}.tmp`, -3_600_000),
        await plant(`${cached}.tmp-${hex(6)}`, -3_600_000),
      ];
      const leftovers = [
        await plant(`${cover}.${hex(6)}.tmp`),
        await plant(`${thumb}.${hex(6)}.tmp`),
        await plant(
          join(data, 'images', 'sized', '300', hash.slice(0, 2), `${hash}.jpg.${hex(6)}.tmp`),
        ),
        await plant(`${cached}.tmp-${hex(6)}`),
        await plant(join(data, 'uploads', `.part-${hex(16)}`)),
        await plant(join(dirname(song), `.upload-${randomBytes(32).toString('base64url')}.part`)),
        await plant(join(dirname(song), `.01 - Song.mp3.tags-${hex(6)}`)),
      ];
      // Outside DATA_DIR, reachable only through symlinks inside it: never touched.
      const away = await plant(join(outside, `${hash}.${hex(6)}.tmp`));
      await plant(join(outside, 'deep', `.part-${hex(16)}`));
      await symlink(outside, join(data, 'images', 'linked'));
      await symlink(outside, join(data, 'uploads', 'linked'));
      const link = join(data, 'images', hash.slice(0, 2), `${hex(32)}.${hex(6)}.tmp`);
      await symlink(away, link);
      const outsideBefore = await filesUnder(outside);

      const again = await bench.start();
      const [, second] = await sweepLines(bench.log, 2);
      expect(second).toContain(`${leftovers.length} leftover temporary files removed`);

      const remaining = await filesUnder(data);
      for (const path of leftovers) expect(remaining).not.toContain(relative(data, path));
      for (const path of [...kept, link]) expect(remaining).toContain(relative(data, path));
      expect(await filesUnder(outside)).toEqual(outsideBefore);
      await again.kill9();
    } finally {
      await bench.close();
      await rm(outside, { recursive: true, force: true });
    }
  }, 180_000);
});
