import { join } from 'node:path';
import { buildRepositories } from '../../server/root/repositories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFfmpegPath } from '../../server/config';
import { DEMO_RELEASES, type DemoRelease } from '../../server/demo/demo-catalogue';
import { generateDemoLibrary } from '../../server/demo/demo-library';
import { bundledFfmpegPath, findFfmpeg } from '../../server/media/ffmpeg-binary';
import { ImageStore } from '../../server/media/image-store';
import { createStorage } from '../../server/storage/create-storage';
import { StoredFiles } from '../../server/storage/stored-files';
import { parseAudio } from '../helpers/library-files';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { setUpApp } from '../helpers/setup';

// The first release of each demo format, two 4-second tracks each: every codec, container and
// cover path of the real catalogue, in a few seconds of ffmpeg time.
const SMALL_DEMO: DemoRelease[] = [
  ...new Map(DEMO_RELEASES.map((r) => [r.format, r] as const)).values(),
].map((release) => ({ ...release, titles: release.titles.slice(0, 2), seconds: 4 }));
const TRACKS = SMALL_DEMO.reduce((n, r) => n + r.titles.length, 0);

// The system ffmpeg (when there is one) and the npm-shipped one the first start falls back to;
// only FFMPEG_PATH's when the run sets it (scripts/test.sh does, for the npm-shipped one).
const system = findFfmpeg(null);
const bundled = bundledFfmpegPath();
const forced = parseFfmpegPath(process.env.FFMPEG_PATH);
const binaries = new Map<string, string>();
if (forced !== null) binaries.set(`FFMPEG_PATH=${forced}`, forced);
else {
  if (system?.source === 'system') binaries.set('system', system.path);
  // The run on object storage proves where the files go; one ffmpeg is enough for that.
  if (bundled !== null && (binaries.size === 0 || process.env.TEST_STORAGE !== 's3'))
    binaries.set('npm-shipped', bundled);
}

// Generating and transcoding every format takes 15-25 s each on two busy cores.
describe.each([...binaries])(
  'demo library generated with the %s ffmpeg',
  { timeout: 90_000 },
  (_name, binary) => {
    let t: TestApp;
    let admin: TestClient;

    beforeAll(async () => {
      ({ t, admin } = await setUpApp({ env: { FFMPEG_PATH: binary } }));
    });
    afterAll(async () => {
      await t.close();
    });

    it('writes every demo format and imports it with tags, covers and waveforms', async () => {
      // Kept where the app keeps media, as the first start does: the run's bucket on S3.
      const files = new StoredFiles(await createStorage(t.config.storage), t.config.dataDir);
      const report = await generateDemoLibrary(
        buildRepositories(t.db, t.config.database.kind).catalogueWrite,
        new ImageStore(files.storage),
        join(t.config.dataDir, 'media'),
        { releases: SMALL_DEMO, files },
      );
      expect(report.problems).toEqual([]);
      expect(report).toMatchObject({ collectionsCreated: SMALL_DEMO.length, audioAdded: TRACKS });

      const collections = await t.db
        .selectFrom('collections')
        .select(['name', 'image_hash', 'bpm', 'label'])
        .orderBy('name')
        .execute();
      expect(collections.map((c) => c.name)).toEqual(SMALL_DEMO.map((r) => r.album).sort());
      for (const c of collections) {
        const release = SMALL_DEMO.find((r) => r.album === c.name);
        expect(c.image_hash, `${c.name} has a cover`).not.toBeNull();
        expect(c.label).toBe(release?.label);
        // RIFF INFO has no tempo field; every other container carries the BPM tag.
        if (release?.format !== 'WAV') expect(c.bpm).toBe(release?.bpm);
      }
      const paths = await t.db.selectFrom('files').select('path').execute();
      // Keys in the bucket on object storage, the generated folder's paths on a local one.
      const inBucket = t.config.storage.kind === 's3';
      expect(paths.every((f) => StoredFiles.isKey(f.path))).toBe(inBucket);
      const audio = await t.db.selectFrom('audio').select(['format', 'waveform']).execute();
      expect(new Set(audio.map((a) => a.format))).toEqual(
        new Set(['MP3', 'FLAC', 'OGG', 'AAC', 'WAV', 'ALAC']),
      );
      expect(audio.every((a) => a.waveform !== null)).toBe(true);
    });

    it('plays every generated track and transcodes it to MP3 320', async () => {
      const files = await t.db
        .selectFrom('files')
        .innerJoin('audio', 'audio.file_id', 'files.file_id')
        .select(['files.file_id', 'audio.format'])
        .execute();
      expect(files).toHaveLength(TRACKS);
      for (const file of files) {
        const played = await admin.get(`/downloader/file/${file.file_id}?playback=true`);
        expect(played.statusCode, `${file.format} plays`).toBe(200);
        const meta = await parseAudio(played.rawPayload, String(played.headers['content-type']));
        expect(meta.format.duration).toBeCloseTo(4, 0);

        const mp3 = await admin.get(`/downloader/file/${file.file_id}?format=MP3_320`);
        expect(mp3.statusCode, `${file.format} transcodes`).toBe(200);
        const converted = await parseAudio(mp3.rawPayload, 'audio/mpeg');
        expect(converted.format).toMatchObject({ codec: 'MPEG 1 Layer 3', bitrate: 320_000 });
        expect(converted.format.duration).toBeCloseTo(4, 0);
      }
    });
  },
);
