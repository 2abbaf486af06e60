import type { Collection } from '../../domain/collection';
import { buildRepositories } from '../../server/root/repositories';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { importFolder } from '../../server/jobs/library-import';
import { albumImportKey } from '../../server/jobs/release-groups';
import { ImageStore } from '../../server/media/image-store';
import { CatalogueWriteRepository } from '../../server/modules/catalogue/catalogue-write.repository';
import type { TestApp } from './test-app';
import { writeTone } from './audio';
import { createStorage } from '../../server/storage/create-storage';
import { StoredFiles } from '../../server/storage/stored-files';
import { usesS3 } from './s3-test-storage';

interface FixtureTrack {
  file: string;
  title: string;
  seconds: number;
  /** Extra ffmpeg output arguments, e.g. a codec. */
  codec?: string[];
}

interface FixtureRelease {
  key: 'free' | 'paid' | 'single' | 'hidden';
  folder: string;
  album: string;
  artist: string;
  genre: string;
  label: string;
  date: string;
  bpm: number;
  tags: string[];
  price: number | null;
  hidden: boolean;
  tracks: FixtureTrack[];
  cover: boolean;
}

/** A small real library: free FLAC album with a cover and a cue, a paid MP3/ALAC album, a WAV single, a hidden album. */
export const FIXTURE_RELEASES: FixtureRelease[] = [
  {
    key: 'free',
    folder: 'Ana Ruiz - Mareas',
    album: 'Mareas',
    artist: 'Ana Ruiz',
    genre: 'House',
    label: 'Sello Azul',
    date: '2024-01-15',
    bpm: 122,
    tags: ['New', 'Featured'],
    price: null,
    hidden: false,
    cover: true,
    tracks: [
      { file: '01 - Ola.flac', title: 'Ola', seconds: 8 },
      { file: '02 - Espuma.flac', title: 'Espuma', seconds: 6 },
    ],
  },
  {
    key: 'paid',
    folder: 'Björk Test - Night Works',
    album: 'Night Works',
    artist: 'Björk Test',
    genre: 'Techno',
    label: 'Copper Tape',
    date: '2023-06-01',
    bpm: 134,
    tags: ['Club'],
    price: 500,
    hidden: false,
    cover: false,
    tracks: [
      {
        file: '01 - Piston.mp3',
        title: 'Piston',
        seconds: 40,
        codec: ['-c:a', 'libmp3lame', '-b:a', '128k'],
      },
      { file: '02 - Gear.m4a', title: 'Gear', seconds: 5, codec: ['-c:a', 'alac'] },
    ],
  },
  {
    key: 'single',
    folder: 'Mira Vale - Room Tone',
    album: 'Room Tone',
    artist: 'Mira Vale',
    genre: 'Ambient',
    label: 'Sello Azul',
    date: '2022-03-03',
    bpm: 60,
    tags: ['Chill'],
    price: null,
    hidden: false,
    cover: false,
    tracks: [{ file: 'Room Tone.wav', title: 'Room Tone', seconds: 4 }],
  },
  {
    key: 'hidden',
    folder: 'Dax Okoro - Demos',
    album: 'Demos',
    artist: 'Dax Okoro',
    genre: 'Drum & Bass',
    label: 'Copper Tape',
    date: '2025-01-01',
    bpm: 172,
    tags: ['Secret'],
    price: null,
    hidden: true,
    cover: false,
    tracks: [{ file: 'demo.ogg', title: 'Demo One', seconds: 3, codec: ['-c:a', 'libvorbis'] }],
  },
];

export interface CatalogueFixture {
  musicDir: string;
  /** Collection ids by fixture key. */
  ids: Record<FixtureRelease['key'], number>;
  repo: CatalogueWriteRepository;
  images: ImageStore;
  cleanup(): Promise<void>;
}

/** Generates the fixture audio with ffmpeg and imports it into the test app's database. */
export async function createCatalogueFixture(t: TestApp): Promise<CatalogueFixture> {
  // On object storage (TEST_STORAGE=s3) the music is imported into the app's bucket, as a
  // node hand-over is, so every stream, zip and transcode of the suites reads from S3.
  const s3 = usesS3();
  if (s3) await mkdir(join(t.config.dataDir, 'media'), { recursive: true });
  const musicDir = await mkdtemp(
    s3 ? join(t.config.dataDir, 'media', 'fixture-') : join(tmpdir(), 'musicbox-fixture-'),
  );
  for (const release of FIXTURE_RELEASES) {
    const dir = join(musicDir, release.folder);
    await mkdir(dir, { recursive: true });
    if (release.cover) {
      await writeFile(
        join(dir, 'cover.jpg'),
        await sharp({ create: { width: 120, height: 120, channels: 3, background: '#884422' } })
          .jpeg()
          .toBuffer(),
      );
      await writeFile(join(dir, 'album.cue'), 'FILE "01 - Ola.flac" WAVE\n');
    }
    await Promise.all(
      release.tracks.map((track, i) =>
        writeTone(join(dir, track.file), {
          seconds: track.seconds,
          frequency: 220 + i * 110,
          tags: {
            title: track.title,
            artist: release.artist,
            album_artist: release.artist,
            album: release.album,
            genre: release.genre,
            date: release.date,
            track: i + 1,
            LABEL: release.label,
            publisher: release.label,
            BPM: release.bpm,
            TBPM: release.bpm,
            tmpo: release.bpm,
          },
          args: track.codec ?? [],
        }),
      ),
    );
  }
  const repo = buildRepositories(t.db, t.config.database.kind).catalogueWrite;
  const storage = await createStorage(t.config.storage);
  const images = new ImageStore(storage);
  const files = new StoredFiles(storage, t.config.dataDir);
  await importFolder(repo, images, musicDir, s3 ? { files } : {});
  const ids = {} as CatalogueFixture['ids'];
  for (const release of FIXTURE_RELEASES) {
    const id = await repo.findCollectionByImportKey(albumImportKey(release.album, release.artist));
    if (id === null) throw new Error(`fixture release ${release.album} was not imported`);
    ids[release.key] = id;
    await repo.setTags(id, release.tags);
    await repo.updateStoreFields(id, {
      price: release.price,
      hidden: release.hidden,
      description: `About ${release.album}`,
    });
    await repo.setLabelIfMissing(id, release.label);
  }
  return {
    musicDir,
    ids,
    repo,
    images,
    cleanup: () => rm(musicDir, { recursive: true, force: true }),
  };
}

export const idsOf = (collections: Collection[]): number[] =>
  collections.map((c) => c.collectionId);
