import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { importFolder } from '../server/jobs/library-import';
import type { ImageStore } from '../server/media/image-store';
import type { CatalogueWriteRepository } from '../server/modules/catalogue/catalogue-write.repository';

const run = promisify(execFile);

/** 500 small MP3s in 50 album folders: one encode, then tag-only rewrites (fast). */
export async function makeImportFolder(root: string, count = 500): Promise<void> {
  const source = join(root, 'source.mp3');
  await mkdir(root, { recursive: true });
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=5',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    source,
  ]);
  const jobs: Array<() => Promise<unknown>> = [];
  for (let i = 0; i < count; i += 1) {
    const album = `Album ${Math.floor(i / 10)}`;
    const dir = join(root, 'library', album);
    jobs.push(async () => {
      await mkdir(dir, { recursive: true });
      return run('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        source,
        '-c',
        'copy',
        '-metadata',
        `title=Track ${i}`,
        '-metadata',
        `album=${album}`,
        '-metadata',
        `artist=Artist ${Math.floor(i / 10) % 17}`,
        '-metadata',
        `genre=House`,
        '-metadata',
        `TBPM=${100 + (i % 40)}`,
        '-metadata',
        `track=${(i % 10) + 1}`,
        join(dir, `${String(i % 10).padStart(2, '0')}.mp3`),
      ]);
    });
  }
  for (let i = 0; i < jobs.length; i += 8)
    await Promise.all(jobs.slice(i, i + 8).map((job) => job()));
}

/** Tracks per second of an import without waveforms (those are measured apart). */
export async function importRate(
  repo: CatalogueWriteRepository,
  images: ImageStore,
  folder: string,
): Promise<{ tracks: number; seconds: number; rate: number }> {
  const started = performance.now();
  const report = await importFolder(repo, images, folder, { waveforms: false });
  const seconds = (performance.now() - started) / 1000;
  if (report.problems.length > 0)
    throw new Error(`import problems: ${JSON.stringify(report.problems.slice(0, 3))}`);
  return { tracks: report.audioAdded, seconds, rate: report.audioAdded / seconds };
}
