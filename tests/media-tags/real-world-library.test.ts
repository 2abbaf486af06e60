import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrackInfo, type TrackInfo } from '../../server/media/audio-tags';
import {
  buildRealWorldLibrary,
  type RealWorldLibrary,
  type TrackKey,
} from '../helpers/real-world-library';

let dir: string;
let library: RealWorldLibrary;
const read = new Map<TrackKey, TrackInfo>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'musicbox-real-world-'));
  library = await buildRealWorldLibrary(join(dir, 'library'));
  for (const [key, track] of Object.entries(library.tracks) as Array<
    [TrackKey, { absolutePath: string }]
  >)
    read.set(key, await readTrackInfo(track.absolutePath));
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the real-world library (tests/helpers/real-world-library.ts)', () => {
  it('reads as its expectations say, file by file', () => {
    for (const [key, expected] of Object.entries(library.tracks)) {
      const info = read.get(key as TrackKey);
      expect(info, key).toMatchObject(expected.info);
      expect(info?.lyrics, key).toEqual(expected.lyrics);
      expect(Math.abs((info?.duration ?? 0) - expected.seconds), key).toBeLessThanOrEqual(0.2);
    }
  });

  it('orders the two discs by disc then track, not by path', () => {
    const { twoDiscs } = library.releases;
    const byPath = [...twoDiscs.tracks].sort((a, b) =>
      library.tracks[a].path.localeCompare(library.tracks[b].path),
    );
    expect(byPath[0]).toBe('disc2Track1');
    const byDisc = [...twoDiscs.tracks].sort((a, b) => {
      const x = read.get(a)!;
      const y = read.get(b)!;
      return (
        (x.discNumber ?? 0) - (y.discNumber ?? 0) || (x.trackNumber ?? 0) - (y.trackNumber ?? 0)
      );
    });
    expect(byDisc).toEqual(twoDiscs.tracks);
  });

  it('gives each release one album tag across its files', () => {
    for (const release of Object.values(library.releases)) {
      const infos = release.tracks.map((key) => read.get(key)!);
      expect(new Set(infos.map((info) => info.album))).toEqual(new Set([release.album]));
      expect(new Set(infos.map((info) => info.albumArtist))).toEqual(
        new Set([release.albumArtist]),
      );
      expect(infos.every((info) => info.compilation === release.compilation)).toBe(true);
    }
  });
});
