import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { AdminLibrary } from '../../domain/libraries';
import type { TestClient } from '../helpers/client';
import { makeMp3 } from '../helpers/audio';

/** A folder holding one album of two MP3 tracks (real ID3 tags by ffmpeg). */
export async function albumFolder(prefix: string, album: string, artist: string) {
  const root = await mkdtemp(join(tmpdir(), `musicbox-${prefix}-`));
  await mkdir(join(root, album));
  for (const track of [1, 2])
    await writeFile(
      join(root, album, `0${track}.mp3`),
      await makeMp3({ title: `${album} ${track}`, album, artist, track }),
    );
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

export async function libraries(client: TestClient): Promise<AdminLibrary[]> {
  const response = await client.get('/api/libraries');
  expect(response.statusCode).toBe(200);
  return response.json<{ libraries: AdminLibrary[] }>().libraries;
}

/** Waits until the library's newest scan has ended (after `afterJob`, when given). */
export async function scanned(admin: TestClient, libraryId: number, afterJob = 0) {
  for (let i = 0; i < 300; i += 1) {
    const library = (await libraries(admin)).find((one) => one.libraryId === libraryId);
    const scan = library?.lastScan;
    if (scan && scan.jobId > afterJob && scan.state !== 'running') return library!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`library ${libraryId} was not scanned`);
}

/** The names of the collections a search lists to this client (optionally in one library). */
export async function listed(client: TestClient, libraryId?: number): Promise<string[]> {
  const response = await client.post('/api/audio_collection/search', {
    limit: 500,
    ...(libraryId === undefined ? {} : { libraryId }),
  });
  expect(response.statusCode).toBe(200);
  const rows = response.json<{ data: Array<{ collectionName: string }> }>().data;
  return rows.map((row) => row.collectionName).sort();
}
