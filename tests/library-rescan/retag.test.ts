import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { perFile } from '../helpers/setup';
import { searchIds, setUpRescan, titlesOf } from './rescan-fixture';

const band = { artists: ['Band'], albumArtists: ['Band'] };

const s = perFile(async () => {
  const setup = await setUpRescan();
  const one = await setup.write(
    'Mover/01 One',
    { ...band, album: 'Mover', title: 'One', trackNumber: 1 },
    300,
  );
  const two = await setup.write(
    'Mover/02 Two',
    { ...band, album: 'Mover', title: 'Two', trackNumber: 2 },
    350,
  );
  const three = await setup.write(
    'Mover/03 Three',
    { ...band, album: 'Mover', title: 'Three', trackNumber: 3 },
    400,
  );
  const first = await setup.scan();
  expect(first.problems).toEqual([]);
  expect(first.new).toBe(3);
  const [collectionId] = first.collectionIds;
  const ids = titlesOf(await setup.page(collectionId!)).map((t) => t.fileId);
  return { ...setup, one, two, three, collectionId: collectionId!, ids };
});

describe('rescanning a library folder', () => {
  it('costs one stat per unchanged file: no tag is read', async () => {
    // A whole second, so setting it again is exact whatever the file system's precision.
    const when = new Date('2024-05-01T12:00:00Z');
    await utimes(s.three, when, when);
    expect(await s.scan()).toMatchObject({ seen: 3, changed: 1, problems: [] });
    // Garbage of the same size and mtime: a tag read would fail and say so.
    const original = await readFile(s.three);
    await writeFile(s.three, Buffer.alloc(original.length, 0x55));
    await utimes(s.three, when, when);
    const report = await s.scan();
    expect(report).toMatchObject({ seen: 3, new: 0, changed: 0, moved: 0, missing: 0 });
    expect(report.problems).toEqual([]);
    await writeFile(s.three, original);
    await utimes(s.three, when, when);
  });

  it('reads a retagged file again and updates it in place, same file id', async () => {
    await s.write(
      'Mover/01 One',
      { ...band, album: 'Mover', title: 'One (Remix)', trackNumber: 1 },
      300,
    );
    const report = await s.scan();
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ changed: 1, new: 0, moved: 0, missing: 0 });
    const titles = titlesOf(await s.page(s.collectionId));
    expect(titles[0]).toEqual({ fileId: s.ids[0], title: 'One (Remix)' });
    expect(await searchIds(s, 'remix')).toEqual([s.collectionId]);
  });

  it('moves a file whose album tag changed to that collection, keeping its id', async () => {
    await s.write(
      'Mover/02 Two',
      { ...band, album: 'Elsewhere', title: 'Two', trackNumber: 2 },
      350,
    );
    const report = await s.scan();
    expect(report.problems).toEqual([]);
    expect(report.changed).toBe(1);
    const moved = report.collectionIds.find((id) => id !== s.collectionId);
    expect(moved).toBeDefined();
    expect(titlesOf(await s.page(moved!))).toEqual([{ fileId: s.ids[1], title: 'Two' }]);
    const left = titlesOf(await s.page(s.collectionId)).map((t) => t.fileId);
    expect(left).toEqual([s.ids[0], s.ids[2]]);
  });

  it('removes a collection a retag emptied when nothing holds it', async () => {
    await s.write('Mover/02 Two', { ...band, album: 'Mover', title: 'Two', trackNumber: 2 }, 350);
    const report = await s.scan();
    expect(report.changed).toBe(1);
    expect(report.collectionIds).toEqual([s.collectionId]);
    const ids = titlesOf(await s.page(s.collectionId)).map((t) => t.fileId);
    expect(ids).toEqual(s.ids);
    const orphans = await s.t.db
      .selectFrom('collections')
      .select('collection_id')
      .where('collection_id', '!=', s.collectionId)
      .execute();
    expect(orphans).toEqual([]);
  });

  it(
    'reads a track again when its lyrics sidecar is added, edited or removed',
    { timeout: 30_000 },
    async () => {
      // The tag reader keeps a folder's listing 2 s (lyrics-files.ts): each step waits it out.
      const settle = () => new Promise((resolve) => setTimeout(resolve, 2100));
      const lrc = s.three.replace(/\.mp3$/, '.lrc');
      const hasLyrics = async () =>
        (await s.page(s.collectionId)).files.find((f) => f.file.fileId === s.ids[2])?.audio
          ?.audioHasLyrics;
      expect(await hasLyrics()).toBe(false);
      await writeFile(lrc, '[00:00.50]First line\n');
      await settle();
      expect(await s.scan()).toMatchObject({ changed: 1, problems: [] });
      expect(await hasLyrics()).toBe(true);
      const lyrics = await s.user.get(`/api/lyrics/${s.ids[2]}`);
      expect(lyrics.body).toContain('First line');
      await writeFile(lrc, '[00:00.50]Second line, longer\n');
      await settle();
      expect(await s.scan()).toMatchObject({ changed: 1 });
      expect((await s.user.get(`/api/lyrics/${s.ids[2]}`)).body).toContain('Second line');
      await rm(lrc);
      await settle();
      expect(await s.scan()).toMatchObject({ changed: 1 });
      expect(await hasLyrics()).toBe(false);
      expect(await s.scan()).toMatchObject({ changed: 0 });
    },
  );
});
