import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { perFile } from '../helpers/setup';
import { scanAsNobody } from '../helpers/unprivileged-scan';
import { expectOnlyProblems, rowOf, setUpBadInput } from './bad-input-fixture';

/*
 * Issue 46, bad input: what a real library folder holds that cannot be imported gets a clear
 * line in the scan's summary (the report's problems) and the scan goes on. Real folders, real
 * tagged files; the permission case runs the scan as nobody (the tests run as root).
 */

const run = promisify(execFile);
const band = { artists: ['Band'], albumArtists: ['Band'] };
const s = perFile(setUpBadInput);

describe('names in invalid UTF-8', () => {
  it('are reported with their bytes escaped, and the files beside them import', async () => {
    const lib = await s.library('latin1');
    const good = await lib.write('Café/01 Good', { ...band, album: 'Café', title: 'Good' });
    // Latin-1 "Café.mp3" and a Latin-1 folder "Été" holding a real file, as an old copy leaves them.
    const folder = Buffer.from(`${lib.root}/Café/`);
    await writeFile(
      Buffer.concat([folder, Buffer.from([0x43, 0x61, 0x66, 0xe9]), Buffer.from('.mp3')]),
      '',
    );
    await copyFile(
      good,
      Buffer.concat([
        folder,
        Buffer.from('Na'),
        Buffer.from([0xef, 0x76, 0x65]),
        Buffer.from('.flac'),
      ]),
    );
    const badFolder = Buffer.concat([Buffer.from(`${lib.root}/`), Buffer.from([0xc9, 0x74, 0xe9])]);
    await mkdir(badFolder);
    await copyFile(good, Buffer.concat([badFolder, Buffer.from('/01 Inside.mp3')]));
    // Not music: a name nobody asked to import is not reported.
    await writeFile(Buffer.concat([folder, Buffer.from([0xff]), Buffer.from('.dat')]), '');

    const report = await lib.scan();
    const message =
      'the name is not valid UTF-8 (shown with its bad bytes as \\xNN): rename it; it is skipped';
    expectOnlyProblems(report, [
      { path: `${lib.root}/Café/Caf\\xe9.mp3`, error: message },
      { path: `${lib.root}/Café/Na\\xefve.flac`, error: message },
      { path: `${lib.root}/\\xc9t\\xe9`, error: message },
    ]);
    expect(report).toMatchObject({ seen: 1, new: 1 });
    expect((await rowOf(s, good))?.title).toBe('Good');
    // The next scan says the same again (nothing half-imported in between).
    expect((await lib.scan()).problems).toHaveLength(3);
  });
});

describe('symbolic links', () => {
  it('never loop: a link to its parent folder and a link to itself are each reported once', async () => {
    const lib = await s.library('links');
    const file = await lib.write('Album/01 Real', { ...band, album: 'Album', title: 'Real' });
    await symlink('..', join(lib.root, 'Album', 'up'));
    await symlink('.', join(lib.root, 'here'));
    await symlink('self', join(lib.root, 'Album', 'self'));
    await symlink('a.mp3', join(lib.root, 'Album', 'b.mp3'));
    await symlink('b.mp3', join(lib.root, 'Album', 'a.mp3'));
    await mkdir(join(lib.root, '..', 'elsewhere'), { recursive: true });
    await symlink(join(lib.root, '..', 'elsewhere'), join(lib.root, 'Other disk'));
    await symlink(file, join(lib.root, 'Album', '02 Linked.mp3'));
    // A link to nothing, and one to a file that is no music: nothing to say.
    await symlink('nowhere', join(lib.root, 'Album', 'broken'));
    await writeFile(join(lib.root, 'notes.dat'), 'x');
    await symlink('notes.dat', join(lib.root, 'notes-link.dat'));

    const report = await lib.scan();
    const skipped = 'symbolic links are not followed, so a scan never leaves the folder or loops';
    expectOnlyProblems(report, [
      {
        path: join(lib.root, 'Album', 'up'),
        error: `a symbolic link loop (it leads back to ${lib.root}, a folder that holds it): ${skipped}`,
      },
      {
        path: join(lib.root, 'here'),
        error: `a symbolic link loop (it leads back to ${lib.root}, a folder that holds it): ${skipped}`,
      },
      ...['self', 'a.mp3', 'b.mp3'].map((name) => ({
        path: join(lib.root, 'Album', name),
        error: `a symbolic link loop (the link leads to itself): ${skipped}`,
      })),
      {
        path: join(lib.root, 'Other disk'),
        error: `a symbolic link to the folder ${join(lib.root, '..', 'elsewhere')}: ${skipped}; move the folder here or mount it instead`,
      },
      {
        path: join(lib.root, 'Album', '02 Linked.mp3'),
        error: `a symbolic link to ${file}: ${skipped}; copy or hard-link the file instead`,
      },
    ]);
    expect(report).toMatchObject({ seen: 1, new: 1 });
  });
});

describe('long names', () => {
  // Linux holds names of at most 255 bytes (NAME_MAX): a 300-byte name cannot be made here, so
  // names of 255 bytes in 3-byte characters are used, in paths of far more than 300 bytes.
  const folderName = '音'.repeat(85); // 255 bytes
  const fileStem = `${'楽'.repeat(83)}xx`; // 251 bytes, 255 with ".mp3"

  it('import names of 255 bytes of multibyte characters in paths over 300 bytes, and play', async () => {
    const lib = await s.library('long');
    const relative = `${folderName}/${folderName}/${fileStem}`;
    const file = await lib.write(relative, { ...band, album: 'Long', title: 'Long' });
    expect(Buffer.byteLength(file)).toBeGreaterThan(700);
    await lib.write('Short/01 Other', { ...band, album: 'Short', title: 'Other' });
    const report = await lib.scan();
    expect(report).toMatchObject({ seen: 2, new: 2, problems: [] });
    const row = await rowOf(s, file);
    expect(row?.title).toBe('Long');
    const stream = await s.user.get(`/downloader/file/${row!.file_id}?playback=true`);
    expect(stream.statusCode).toBe(200);
    // Unchanged on the next scan (the stored path compares equal), and found gone when gone.
    expect(await lib.scan()).toMatchObject({ new: 0, changed: 0, missing: 0, problems: [] });
    await rm(file);
    expect(await lib.scan()).toMatchObject({ missing: 1, problems: [] });
  });

  it('report a folder whose path is longer than Linux opens (4,096 bytes), and go on', async () => {
    const lib = await s.library('deep');
    await lib.write('Shallow/01 Near', { ...band, album: 'Near', title: 'Near' });
    // 17 levels of 255 bytes: made one relative step at a time, as only a shell's cd can.
    const levels = Array.from({ length: 17 }, () => folderName);
    await run('bash', [
      '-c',
      `cd "$1" && for n in "\${@:2}"; do mkdir "$n" && cd "$n"; done`,
      '_',
      lib.root,
      ...levels,
    ]);
    // Removed by rm -rf whatever happens: node's own rm cannot open paths this long either.
    try {
      const report = await lib.scan();
      const tooLong = levels
        .map((_, i) => join(lib.root, ...levels.slice(0, i + 1)))
        .find((p) => Buffer.byteLength(p) >= 4096)!;
      expectOnlyProblems(report, [
        {
          path: tooLong,
          error:
            'the path is too long to open (Linux allows 255 bytes per name and 4,096 per path): shorten it; its files are skipped',
        },
      ]);
      expect(report).toMatchObject({ seen: 1, new: 1 });
    } finally {
      await run('rm', ['-rf', join(lib.root, folderName)]);
    }
  });
});

describe('a library folder named with an emoji', () => {
  it('finds its files gone (the prefix compare counts characters, not UTF-16 units)', async () => {
    const lib = await s.library('music 🎵 ✨');
    const gone = await lib.write('Mix 🎶/01 Gone', { ...band, album: 'Mix', title: 'Gone' });
    await lib.write('Mix 🎶/02 Kept', { ...band, album: 'Mix', title: 'Kept' });
    expect(await lib.scan()).toMatchObject({ new: 2, problems: [] });
    await rm(gone);
    expect(await lib.scan()).toMatchObject({ missing: 1, problems: [] });
    expect((await rowOf(s, gone))?.missing_since).not.toBeNull();
  });
});

describe('files and folders without permission to read', () => {
  // Four tagged files, three scans and a child process that loads the server: slow when busy.
  it('are reported by path to a scan run as an unprivileged user, and nothing goes missing', async () => {
    const lib = await s.library('private');
    const open = await lib.write('Open/01 Fine', { ...band, album: 'Open', title: 'Fine' });
    const hidden = await lib.write('Private/01 Hidden', {
      ...band,
      album: 'Private',
      title: 'Hidden',
    });
    const locked = await lib.write('Locked/01 Secret', {
      ...band,
      album: 'Locked',
      title: 'Secret',
    });
    expect(await lib.scan()).toMatchObject({ new: 3, problems: [] });
    // Retagged, then locked: a changed file nobody may read; a new one likewise; a locked folder.
    await lib.write('Locked/01 Secret', { ...band, album: 'Locked', title: 'Secret v2' });
    const fresh = await lib.write('Open/02 New', { ...band, album: 'Open', title: 'New' });
    await chmod(locked, 0o000);
    await chmod(fresh, 0o000);
    await chmod(join(lib.root, 'Private'), 0o000);
    try {
      const report = await scanAsNobody(s.t, lib.root);
      const file =
        "no permission to read this file: give the server's user read access; it is skipped";
      expectOnlyProblems(report, [
        {
          path: join(lib.root, 'Private'),
          error:
            "no permission to read this folder: give the server's user read and execute access; its files are skipped and none of them is marked missing",
        },
        { path: locked, error: file },
        { path: fresh, error: file },
      ]);
      expect(report).toMatchObject({ new: 0, changed: 0, missing: 0 });
      expect(await rowOf(s, hidden)).toMatchObject({ title: 'Hidden', missing_since: null });
      expect(await rowOf(s, locked)).toMatchObject({ title: 'Secret', missing_since: null });
      expect(await rowOf(s, fresh)).toBeUndefined();
    } finally {
      await chmod(join(lib.root, 'Private'), 0o755);
      await chmod(locked, 0o644);
      await chmod(fresh, 0o644);
    }
    // Readable again: everything is taken in on the next scan.
    expect(await lib.scan()).toMatchObject({ new: 1, changed: 1, missing: 0, problems: [] });
    expect((await rowOf(s, locked))?.title).toBe('Secret v2');
    expect((await rowOf(s, open))?.title).toBe('Fine');
  }, 120_000);
});
