import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import type { ApiSession } from './api';
import { importLibrary } from './music-dir';
import type { FoundCollection, ThrowawayAlbums } from './throwaway-albums';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** One track with its own tags: disc and track numbers, a disc subtitle, a sidecar .lrc. */
export interface TaggedTrack {
  title: string;
  /** The track artist, one name (the importer never splits a name). */
  artist: string;
  track?: number;
  /** "1/2": disc 1 of 2 (TPOS). */
  disc?: string;
  discSubtitle?: string;
  /** Length of the tone; 1 s unless said. */
  seconds?: number;
  /** Written beside the mp3 with the same base name (`01.lrc` beside `01.mp3`). */
  lrc?: string;
}

export interface TaggedAlbum {
  album: string;
  albumArtist: string;
  tracks: TaggedTrack[];
}

/**
 * Writes each album into its own folder under `folder`: one mp3 per track, named by its place
 * (`01.mp3`...), with the track's tags and its .lrc sidecar. One tone is encoded per length;
 * the tracks are stream copies of it with their own tags.
 */
export async function writeTaggedAlbums(folder: string, albums: TaggedAlbum[]): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'musicbox-tagged-'));
  const tones = new Map<number, Promise<string>>();
  const tone = (seconds: number) => {
    let made = tones.get(seconds);
    if (!made) {
      const path = join(scratch, `tone-${seconds}.mp3`);
      // prettier-ignore
      made = run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', `sine=d=${seconds}`, '-q:a', '9', path])
        .then(() => path);
      tones.set(seconds, made);
    }
    return made;
  };
  try {
    for (const [albumIndex, album] of albums.entries()) {
      const dir = join(folder, String(albumIndex).padStart(3, '0'));
      await mkdir(dir, { recursive: true });
      for (const [index, track] of album.tracks.entries()) {
        const name = String(index + 1).padStart(2, '0');
        const optional = (key: string, value: string | number | undefined) =>
          value === undefined ? [] : ['-metadata', `${key}=${value}`];
        // prettier-ignore
        await run(FFMPEG, [
          '-v', 'error', '-i', await tone(track.seconds ?? 1), '-c', 'copy',
          '-metadata', `title=${track.title}`,
          '-metadata', `album=${album.album}`,
          '-metadata', `artist=${track.artist}`,
          '-metadata', `album_artist=${album.albumArtist}`,
          ...optional('track', track.track),
          ...optional('disc', track.disc),
          // ID3v2.4's disc subtitle frame; ffmpeg writes a frame id given as the key as is.
          ...optional('TSST', track.discSubtitle),
          join(dir, `${name}.mp3`),
        ]);
        if (track.lrc !== undefined) await writeFile(join(dir, `${name}.lrc`), track.lrc);
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Writes the albums into the throwaway folder (album names must carry its word, see
 * `albums.name`), imports MUSIC_DIR and answers the collections made, by name; the fixture
 * removes them when the test ends.
 */
export async function createTaggedAlbums(
  api: ApiSession,
  albums: ThrowawayAlbums,
  list: TaggedAlbum[],
): Promise<FoundCollection[]> {
  await writeTaggedAlbums(albums.folder, list);
  const job = await importLibrary(api);
  expect(job.state).toBe('done');
  const found = await albums.find();
  expect(found.map((c) => c.collectionName).sort()).toEqual(list.map((a) => a.album).sort());
  return found.sort((a, b) => a.collectionName.localeCompare(b.collectionName));
}

/** Seconds as an LRC timestamp: `[mm:ss.xx]`. */
export function lrcTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return `[${String(minutes).padStart(2, '0')}:${rest.toFixed(2).padStart(5, '0')}]`;
}
