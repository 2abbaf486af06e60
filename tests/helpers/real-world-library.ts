import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Lyrics } from '../../domain/lyrics';
import type { TrackInfo } from '../../server/media/audio-tags';
import { SORTABLES, trackPlans, type TrackKey, type TrackPlan } from './real-world-releases';
import { writeTaggedAudio } from './tagged-audio';

// Tests name the library's files by these keys, imported from here with the library.
export type { TrackKey };

/** What one file of the library must read as. */
export interface ExpectedTrack {
  /** Relative to the library root, with the file's real name (case included). */
  path: string;
  absolutePath: string;
  /** The length of the tone written; an encoder may add up to ~0.1 s of padding. */
  seconds: number;
  /** Fields readTrackInfo must give exactly (compare with toMatchObject). */
  info: Partial<TrackInfo>;
  lyrics: Lyrics | null;
}

/** A folder's tracks that make one release, in the order a listing should show them. */
export interface ExpectedRelease {
  folder: string;
  album: string;
  /** The tagged album artist; null when no file has one. */
  albumArtist: string | null;
  compilation: boolean;
  tracks: TrackKey[];
}

export type ReleaseKey = 'twoDiscs' | 'compilation' | 'splitSingle';

export interface RealWorldLibrary {
  root: string;
  tracks: Record<TrackKey, ExpectedTrack>;
  releases: Record<ReleaseKey, ExpectedRelease>;
}

/**
 * Writes the folder issue 28's acceptance test imports: real files (ffmpeg tones, mutagen
 * tags) in the shapes real libraries have, and what each must read as.
 */
export async function buildRealWorldLibrary(root: string): Promise<RealWorldLibrary> {
  const plans = trackPlans();
  const entries = Object.entries(plans) as Array<[TrackKey, TrackPlan]>;
  await Promise.all(
    entries.map(async ([, plan], i) => {
      const file = join(root, plan.path);
      await mkdir(dirname(file), { recursive: true });
      await writeTaggedAudio(file, {
        kind: plan.kind,
        seconds: plan.seconds,
        frequency: 300 + i * 40,
        tags: plan.tags,
        id3Version: plan.id3Version ?? 4,
      });
      if (plan.sidecar) await writeFile(join(dirname(file), plan.sidecar.name), plan.sidecar.bytes);
    }),
  );
  const tracks = Object.fromEntries(
    entries.map(([key, plan]) => [
      key,
      {
        path: plan.path,
        absolutePath: join(root, plan.path),
        seconds: plan.seconds,
        info: plan.info,
        lyrics: plan.lyrics ?? null,
      },
    ]),
  ) as Record<TrackKey, ExpectedTrack>;
  return {
    root,
    tracks,
    releases: {
      twoDiscs: {
        folder: 'Sortables - Double Feature',
        album: 'Double Feature',
        albumArtist: SORTABLES.name,
        compilation: false,
        tracks: ['disc1Track1', 'disc1Track2', 'disc2Track1', 'disc2Track2'],
      },
      compilation: {
        folder: 'Summer Hits',
        album: 'Summer Hits',
        albumArtist: null,
        compilation: true,
        tracks: ['compilationFlac', 'compilationM4a', 'compilationMp3'],
      },
      splitSingle: {
        folder: 'Split Single',
        album: 'Split Single',
        albumArtist: null,
        compilation: false,
        tracks: ['splitFirst', 'splitSecond'],
      },
    },
  };
}
