import { execFile } from 'node:child_process';
import { buildRepositories } from '../../server/root/repositories';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { VARIOUS_ARTISTS } from '../../domain/artist-keys';
import { CollectionWithFilesSchema, type CollectionWithFiles } from '../../domain/collection';
import { LyricsSchema } from '../../domain/lyrics';
import { importFolder } from '../../server/jobs/library-import';
import { ImageStore } from '../../server/media/image-store';
import {
  buildRealWorldLibrary,
  type ExpectedTrack,
  type RealWorldLibrary,
  type ReleaseKey,
} from '../helpers/real-world-library';
import { perFile, setUpApp, withMember } from '../helpers/setup';

const run = promisify(execFile);

const s = perFile(async () => {
  const setup = await withMember(await setUpApp());
  const dir = await mkdtemp(join(tmpdir(), 'musicbox-real-world-'));
  const library = await buildRealWorldLibrary(dir);
  const report = await importFolder(
    buildRepositories(setup.t.db, setup.t.config.database.kind).catalogueWrite,
    new ImageStore(join(setup.t.config.dataDir, 'images')),
    library.root,
    { waveforms: false },
  );
  return { ...setup, dir, library, report };
}, 300_000);

afterAll(async () => {
  await rm(s.dir, { recursive: true, force: true });
});

/** Every collection of the import, as a member's collection page answers it. */
async function pages(): Promise<CollectionWithFiles[]> {
  const ids = s.report.collectionIds;
  const found: CollectionWithFiles[] = [];
  for (const id of ids) {
    const response = await s.user.get(`/api/audio_collection/${id}`);
    expect(response.statusCode).toBe(200);
    found.push(CollectionWithFilesSchema.parse(response.json()));
  }
  return found;
}

const pathOf = (library: RealWorldLibrary, track: ExpectedTrack): string =>
  track.absolutePath.slice(library.root.length + 1);

async function pageOfRelease(key: ReleaseKey): Promise<CollectionWithFiles> {
  const release = s.library.releases[key];
  const all = await pages();
  const matching = all.filter((page) => page.collection.collectionName === release.album);
  expect(matching, `one collection for ${release.album}`).toHaveLength(1);
  return matching[0]!;
}

describe('importing a real-world library', () => {
  it('imports every playable file, including ones without a duration header', () => {
    expect(s.report.problems).toEqual([]);
    expect(s.report.audioAdded).toBe(Object.keys(s.library.tracks).length);
  });

  it('stores every tag field the reader gives, as the collection pages answer them', async () => {
    const entries = (await pages()).flatMap((page) => page.files);
    for (const [key, track] of Object.entries(s.library.tracks)) {
      const entry = entries.find((e) => track.absolutePath.endsWith(e.file.filePath));
      expect(entry, key).toBeDefined();
      const audio = entry!.audio!;
      const info = track.info;
      expect(audio.audioDuration, key).toBeGreaterThan(track.seconds - 0.2);
      expect(audio.audioDuration, key).toBeLessThan(track.seconds + 0.25);
      const stored = {
        title: audio.audioTitle,
        artists: audio.audioArtists,
        album: audio.audioAlbum,
        trackNumber: audio.audioTrackNumber,
        discNumber: audio.audioDiscNumber,
        discCount: audio.audioDiscCount,
        discSubtitle: audio.audioDiscSubtitle,
        trackGain: audio.audioTrackGain,
        albumGain: audio.audioAlbumGain,
      };
      const expected = Object.fromEntries(
        Object.entries(stored)
          .filter(([field]) => field in info)
          .map(([field]) => [field, info[field as keyof typeof info]]),
      );
      for (const [field, value] of Object.entries(expected)) {
        const actual = stored[field as keyof typeof stored];
        if (typeof value === 'number') expect(actual, `${key} ${field}`).toBeCloseTo(value, 2);
        else expect(actual, `${key} ${field}`).toEqual(value);
      }
      // Each credited name is one artist entity, in tag order.
      expect(
        audio.audioArtistRefs.map((r) => r.artistName),
        key,
      ).toEqual(audio.audioArtists);
      expect(audio.audioHasLyrics, key).toBe(track.lyrics !== null);
      const lyrics = await s.user.get(`/api/lyrics/${entry!.file.fileId}`);
      expect(LyricsSchema.parse(lyrics.json()), key).toEqual(
        track.lyrics ?? { synced: false, lines: [] },
      );
    }
  });

  it('keeps names whole and stores sort names and MusicBrainz ids on the artist', async () => {
    const artists = await s.t.db
      .selectFrom('artists')
      .select(['name', 'sort_name', 'mbid'])
      .execute();
    const names = artists.map((a) => a.name);
    expect(names).not.toContain('Simon');
    expect(names.some((n) => n.includes('&'))).toBe(true);
    for (const credit of Object.values(s.library.tracks).flatMap(
      (t) => t.info.artistCredits ?? [],
    )) {
      const stored = artists.find((a) => a.name === credit.name);
      expect(stored, credit.name).toBeDefined();
      if (credit.sortName) expect(stored!.sort_name).toBe(credit.sortName);
      if (credit.mbid) expect(stored!.mbid).toBe(credit.mbid);
    }
  });

  it('lists a two-disc album by disc, then track, on the page, in the zip and in the queue', async () => {
    const release = s.library.releases.twoDiscs;
    const order = release.tracks.map((key) => pathOf(s.library, s.library.tracks[key]));
    const page = await pageOfRelease('twoDiscs');
    const listed = page.files.filter((f) => f.audio !== null);
    expect(listed.map((f) => f.file.filePath)).toEqual(
      order.map((path) => path.slice(path.indexOf('/') + 1)),
    );
    expect(listed.map((f) => [f.audio!.audioDiscNumber, f.audio!.audioTrackNumber])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
    ]);

    const queue = await s.user.post('/api/audio_collection/bulk', {
      ids: [page.collection.collectionId],
    });
    const [queued] = CollectionWithFilesSchema.array().parse(queue.json());
    expect(queued!.files.map((f) => f.file.fileId)).toEqual(listed.map((f) => f.file.fileId));

    const zip = await s.admin.get(
      `/downloader/collection/${page.collection.collectionId}?format=original`,
    );
    expect(zip.statusCode).toBe(200);
    const file = join(s.dir, 'two-discs.zip');
    await writeFile(file, zip.rawPayload);
    const { stdout } = await run('unzip', ['-Z1', file]);
    const zipped = stdout.split('\n').filter((name) => !/\.(jpe?g|png|lrc|txt)$/i.test(name));
    // Named by disc and track (issue 46), so alphabetical order is the play order too.
    expect(zipped.filter(Boolean)).toEqual([
      '1-01 Day Opens.mp3',
      '1-02 Day Closes.mp3',
      '2-01 Night Opens.mp3',
      '2-02 Night Closes.mp3',
    ]);
  });

  it('makes one collection of a folder and album tag whatever the track artists', async () => {
    const compilation = await pageOfRelease('compilation');
    expect(compilation.collection.collectionArtists.map((a) => a.artistName)).toEqual([
      VARIOUS_ARTISTS.name,
    ]);
    expect(compilation.files.filter((f) => f.audio).length).toBe(
      s.library.releases.compilation.tracks.length,
    );
    const split = await pageOfRelease('splitSingle');
    expect(split.files.filter((f) => f.audio).length).toBe(
      s.library.releases.splitSingle.tracks.length,
    );
    expect(split.collection.collectionArtists.map((a) => a.artistName)).toEqual([
      VARIOUS_ARTISTS.name,
    ]);
    const va = await s.t.db
      .selectFrom('artists')
      .select('mbid')
      .where('name', '=', VARIOUS_ARTISTS.name)
      .executeTakeFirstOrThrow();
    expect(va.mbid).toBe(VARIOUS_ARTISTS.mbid);
  });
});
