import { closeSync, copyFileSync, openSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perFile } from '../helpers/setup';
import { rowOf, setUpBadInput } from './bad-input-fixture';

/*
 * Issue 46, bad input: "a folder of 50,000 files". One folder holds 200 copies of a real
 * tagged MP3, 4,800 booklet scans (companions, kept with the album) and 45,000 files that are
 * no music; it imports, rescans unchanged, and finds one file gone, each within a bound.
 */

const AUDIO = 200;
const COMPANIONS = 4_800;
const OTHER = 45_000;
const s = perFile(setUpBadInput);

const name = (prefix: string, n: number, ext: string) =>
  `${prefix} ${String(n).padStart(5, '0')}${ext}`;

describe('a folder of 50,000 files', () => {
  it('imports, rescans and finds a file gone without trouble', async () => {
    const lib = await s.library('fifty-thousand');
    const source = await lib.write('source', {
      artists: ['Band'],
      albumArtists: ['Band'],
      album: 'Huge',
      title: 'Same',
    });
    const dir = join(lib.root, 'Huge');
    await mkdir(dir);
    for (let n = 0; n < AUDIO; n += 1) copyFileSync(source, join(dir, name('track', n, '.mp3')));
    await rm(source);
    // Empty files: names are what a walk of a big folder pays for.
    for (let n = 0; n < COMPANIONS; n += 1)
      closeSync(openSync(join(dir, name('scan', n, '.png')), 'w'));
    for (let n = 0; n < OTHER; n += 1) closeSync(openSync(join(dir, name('part', n, '.dat')), 'w'));

    let started = performance.now();
    const first = await lib.scan();
    const firstSeconds = (performance.now() - started) / 1000;
    expect(first).toMatchObject({
      seen: AUDIO,
      new: AUDIO,
      companionsAdded: COMPANIONS,
      collectionsCreated: 1,
      problems: [],
    });

    started = performance.now();
    const again = await lib.scan();
    const againSeconds = (performance.now() - started) / 1000;
    expect(again).toMatchObject({ seen: AUDIO, new: 0, changed: 0, missing: 0, problems: [] });

    const gone = join(dir, name('track', AUDIO / 2, '.mp3'));
    await rm(gone);
    expect(await lib.scan()).toMatchObject({ seen: AUDIO - 1, missing: 1, problems: [] });
    expect((await rowOf(s, gone))?.missing_since).not.toBeNull();
    // Bounds well above this machine's figures (see the log line), to catch a walk gone
    // quadratic, not to time the disk.
    console.log(
      `50,000 files: import ${firstSeconds.toFixed(1)} s, rescan ${againSeconds.toFixed(1)} s`,
    );
    expect(firstSeconds).toBeLessThan(40);
    expect(againSeconds).toBeLessThan(10);
  }, 120_000);
});
