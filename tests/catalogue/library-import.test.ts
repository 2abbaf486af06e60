import { execFile } from 'node:child_process';
import { buildRepositories } from '../../server/root/repositories';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFolder } from '../../server/jobs/library-import';
import { ImageStore } from '../../server/media/image-store';
import { CatalogueWriteRepository } from '../../server/modules/catalogue/catalogue-write.repository';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { writeTone } from '../helpers/audio';
import { testFfmpeg } from '../helpers/ffmpeg';

const run = promisify(execFile);

const tone = (path: string, tags: Record<string, string>, seconds = 3): Promise<void> =>
  writeTone(path, { tags, seconds, frequency: 330 });

describe('library import', () => {
  let t: TestApp;
  let music: string;
  let repo: CatalogueWriteRepository;
  let images: ImageStore;

  beforeAll(async () => {
    t = await createTestApp();
    repo = buildRepositories(t.db, t.config.database.kind).catalogueWrite;
    images = new ImageStore(join(t.config.dataDir, 'images'));
    music = await mkdtemp(join(tmpdir(), 'musicbox-music-'));
    const album = join(music, 'Ana Ruiz - Mareas');
    await mkdir(album, { recursive: true });
    const common = {
      album: 'Mareas',
      album_artist: 'Ana Ruiz',
      artist: 'Ana Ruiz',
      genre: 'Jazz; Latin',
      date: '2020-04-02',
      LABEL: 'Sello Azul',
    };
    await tone(join(album, '01.flac'), { ...common, title: 'Ola', track: '1', BPM: '90' });
    await tone(join(album, '02.flac'), { ...common, title: 'Espuma', track: '2', BPM: '100' });
    await writeFile(
      join(album, 'cover.jpg'),
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer(),
    );
    await writeFile(join(album, 'mareas.cue'), 'FILE "01.flac" WAVE\n');
    const loose = join(music, 'Loose Ends');
    await mkdir(loose, { recursive: true });
    await tone(join(loose, 'untitled.mp3'), { title: 'Sketch', artist: 'Nobody' });
    await writeFile(join(loose, 'broken.mp3'), 'this is not audio at all');
  });

  afterAll(async () => {
    await rm(music, { recursive: true, force: true });
    await t.close();
  });

  it('groups files into collections by album, falling back to the folder', async () => {
    const report = await importFolder(repo, images, music);
    expect(report).toMatchObject({
      audioAdded: 3,
      companionsAdded: 2,
      collectionsCreated: 2,
      alreadyKnown: 0,
    });
    expect(report.problems.map((p) => p.path)).toEqual([expect.stringContaining('broken.mp3')]);
    const collections = await t.db.selectFrom('collections').selectAll().orderBy('name').execute();
    expect(collections.map((c) => c.name)).toEqual(['Loose Ends', 'Mareas']);
    const mareas = collections[1]!;
    expect(JSON.parse(mareas.artists)).toEqual(['Ana Ruiz']);
    expect(JSON.parse(mareas.genres)).toEqual(['Jazz', 'Latin']);
    expect(mareas).toMatchObject({
      label: 'Sello Azul',
      bpm: 95,
      release_date: '2020-04-02',
      format: 'FLAC',
    });
    expect(mareas.duration).toBeCloseTo(6, 0);
    expect(mareas.image_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(mareas.comment_group_id).not.toBeNull();
  });

  it('reports the unreadable file and skips it', async () => {
    const files = await t.db.selectFrom('files').select('relative_path').execute();
    expect(files.map((f) => f.relative_path)).not.toContain('broken.mp3');
  });

  it('keeps non-audio files without an audio record and stores waveform peaks', async () => {
    const rows = await t.db
      .selectFrom('files')
      .leftJoin('audio', 'audio.file_id', 'files.file_id')
      .select(['files.relative_path', 'audio.title', 'audio.waveform'])
      .orderBy('files.relative_path')
      .execute();
    const cue = rows.find((r) => r.relative_path === 'mareas.cue');
    expect(cue?.title).toBeNull();
    const ola = rows.find((r) => r.title === 'Ola');
    const peaks = JSON.parse(ola?.waveform ?? '[]') as number[];
    expect(peaks.length).toBeGreaterThan(50);
    expect(Math.max(...peaks)).toBe(1);
    expect(Math.min(...peaks)).toBeGreaterThanOrEqual(0);
  });

  it('adds only what is new when run again', async () => {
    const again = await importFolder(repo, images, music, { waveforms: false });
    expect(again).toMatchObject({
      audioAdded: 0,
      companionsAdded: 0,
      collectionsCreated: 0,
      alreadyKnown: 3,
    });
    await copyFile(
      join(music, 'Ana Ruiz - Mareas', '02.flac'),
      join(music, 'Ana Ruiz - Mareas', '03.flac'),
    );
    await run(testFfmpeg(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      join(music, 'Ana Ruiz - Mareas', '03.flac'),
      '-metadata',
      'title=Resaca',
      '-metadata',
      'track=3',
      '-c',
      'copy',
      join(music, 'Ana Ruiz - Mareas', '03b.flac'),
    ]);
    await rm(join(music, 'Ana Ruiz - Mareas', '03.flac'));
    const third = await importFolder(repo, images, music, { waveforms: false });
    expect(third).toMatchObject({ audioAdded: 1, collectionsCreated: 0, collectionsUpdated: 1 });
    const count = await t.db
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});
