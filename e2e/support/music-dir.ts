import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import type { ApiSession } from './api';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** The server's MUSIC_DIR, which the admin library import reads. */
export const musicDir = () => {
  const dir = process.env.E2E_MUSIC_DIR;
  if (!dir) throw new Error('E2E_MUSIC_DIR is not set: run the tests through playwright.config.ts');
  return dir;
};

export interface AlbumTags {
  album: string;
  artist: string;
}

/**
 * Writes one folder per album under `folder`, each holding a one-second tagged mp3. The tone is
 * encoded once; every album is a stream copy of it with its own tags, which is much cheaper.
 */
export async function writeAlbums(folder: string, albums: AlbumTags[]): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'musicbox-tone-'));
  try {
    const tone = join(scratch, 'tone.mp3');
    await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=d=1', '-q:a', '9', tone]);
    const write = async ({ album, artist }: AlbumTags, index: number) => {
      const dir = join(folder, String(index).padStart(3, '0'));
      await mkdir(dir, { recursive: true });
      // prettier-ignore
      await run(FFMPEG, [
        '-v', 'error', '-i', tone, '-c', 'copy',
        '-metadata', `title=${album} track`,
        '-metadata', `album=${album}`,
        '-metadata', `artist=${artist}`,
        '-metadata', `album_artist=${artist}`,
        join(dir, '01.mp3'),
      ]);
    };
    // A few at a time: the machine has two cores and a server to run.
    for (let i = 0; i < albums.length; i += 4) {
      await Promise.all(albums.slice(i, i + 4).map((tags, j) => write(tags, i + j)));
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export interface ImportJob {
  jobId: number;
  state: 'running' | 'done' | 'failed';
  imported: number;
  problems: { path: string; error: string }[];
}

/** Starts the admin import of MUSIC_DIR and waits until its job has finished. */
export async function importLibrary(api: ApiSession, timeout = 120_000): Promise<ImportJob> {
  const started = await api.call<ImportJob>('POST', '/api/library/import');
  let job = started;
  await expect
    .poll(
      async () => {
        job = await api.call<ImportJob>('GET', `/api/library/import/${started.jobId}`);
        return job.state;
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .not.toBe('running');
  return job;
}
