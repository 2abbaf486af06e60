import { renameSync, statSync, truncateSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprintFile } from '../../server/jobs/fingerprint';
import { statFile } from '../../server/jobs/folder-scan';
import { CHANGED_WHILE_READ } from '../../server/jobs/scan-problems';
import { readSteadily } from '../../server/jobs/steady-read';
import { writeTaggedAudio } from '../helpers/tagged-audio';
import { perFile } from '../helpers/setup';
import { problemsAt, rowOf, setUpBadInput, type Library } from './bad-input-fixture';

/*
 * Issue 46, bad input: "a file replaced while being read". The scan stats every file first and
 * reads tags later, eight at a time; the ninth read starts only when the first has ended, and
 * the import's progress callback runs in between. The tests change the ninth file there, after
 * its stat and before its read, every time: a row must never hold the stat of one file and the
 * tags of another (half a row).
 */

const band = { artists: ['Band'], albumArtists: ['Band'] };
// Eighteen tagged files written by ffmpeg and mutagen: past the 30 s default on a busy run.
const s = perFile(setUpBadInput);

/** Nine tracks of one album; answers their paths in scan order. */
async function nineTracks(lib: Library, title: (n: number) => string): Promise<string[]> {
  const paths: string[] = [];
  for (let n = 1; n <= 9; n += 1)
    paths.push(
      await lib.write(
        `Race/0${n} Track`,
        { ...band, album: 'Race', title: title(n), trackNumber: n },
        300 + n * 10,
      ),
    );
  return paths;
}

/** Scans with `change` run once, when the first read has ended (before the ninth starts). */
const scanChanging = (lib: Library, change: () => void) => {
  let changed = false;
  return lib.scan({
    onProgress: () => {
      if (changed) return;
      changed = true;
      change();
    },
  });
};

/** The row agrees with the file on disk: its size, and the print of its content. */
async function expectRowOfDisk(path: string) {
  const row = await rowOf(s, path);
  const size = statSync(path).size;
  expect(row).toMatchObject({ size, size_bytes: size });
  expect(row?.fingerprint).toBe(await fingerprintFile(path, size));
  return row!;
}

describe('a file replaced while being read', () => {
  it('is read again when a new file is renamed over it: its row is the new file', async () => {
    const lib = await s.library('renamed-over');
    const paths = await nineTracks(lib, (n) => `Take ${n}`);
    const ninth = paths[8]!;
    const other = join(lib.root, '..', 'replacement.mp3');
    await writeTaggedAudio(other, {
      kind: 'mp3',
      seconds: 2,
      frequency: 999,
      tags: { ...band, album: 'Race', title: 'Replaced', trackNumber: 9 },
    });
    const report = await scanChanging(lib, () => renameSync(other, ninth));
    expect(report).toMatchObject({ new: 9, problems: [] });
    expect((await expectRowOfDisk(ninth)).title).toBe('Replaced');
    // The row describes the file: the next scan finds nothing changed.
    expect(await lib.scan()).toMatchObject({ new: 0, changed: 0, problems: [] });
  }, 120_000);

  it('is read again or reported when truncated while a changed file is re-read', async () => {
    const lib = await s.library('truncated');
    const paths = await nineTracks(lib, (n) => `Take ${n}`);
    expect(await lib.scan()).toMatchObject({ new: 9, problems: [] });
    await nineTracks(lib, (n) => `Retake ${n}`);
    const ninth = paths[8]!;
    const report = await scanChanging(lib, () => truncateSync(ninth, 2000));
    const problems = problemsAt(report, ninth);
    expect(report.problems).toEqual(problems);
    if (problems.length === 0) {
      // Read again whole after the cut: the row is the truncated file, whatever its tags gave.
      await expectRowOfDisk(ninth);
    } else {
      // Unreadable once cut: reported, its row left as it was, read again at the next scan.
      expect((await rowOf(s, ninth))?.title).toBe('Take 9');
      expect((await rowOf(s, ninth))?.size_bytes).not.toBe(statSync(ninth).size);
    }
    for (const path of paths.slice(0, 8)) await expectRowOfDisk(path);
  }, 120_000);

  it('is reported, not written, when it never holds still (a copy still being written)', async () => {
    const lib = await s.library('never-still');
    const path = await lib.write('Still/01 Growing', { ...band, album: 'Still', title: 'Growing' });
    // Each read finds the file grown since the look before it, as a slow copy would leave it.
    let reads = 0;
    const growing = readSteadily(await statFile(path), async () => {
      reads += 1;
      await appendFile(path, 'more');
    });
    await expect(growing).rejects.toThrow(CHANGED_WHILE_READ);
    expect(reads).toBe(3);
    // Once it holds still, one read does.
    reads = 0;
    await readSteadily(await statFile(path), () => Promise.resolve(void (reads += 1)));
    expect(reads).toBe(1);
  });
});
