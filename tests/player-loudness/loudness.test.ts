import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { buildRepositories } from '../../server/root/repositories';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionWithFilesSchema } from '../../domain/collection';
import { backfillLoudness, LOUDNESS_MAX_ATTEMPTS } from '../../server/jobs/loudness-backfill';
import { importFolder } from '../../server/jobs/library-import';
import { ImageStore } from '../../server/media/image-store';
import { CatalogueWriteRepository } from '../../server/modules/catalogue/catalogue-write.repository';
import { TestClient } from '../helpers/client';
import { writeTone } from '../helpers/audio';
import { memberWithApiRole, signInAdmin } from '../helpers/setup';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A sine at `gainDb` below lavfi's default amplitude (-18 dBFS peak, about -21 LUFS). */
const tone = (path: string, title: string, track: number, gainDb: number) =>
  writeTone(path, {
    seconds: 3,
    args: ['-af', `volume=${gainDb}dB`],
    tags: { title, album: 'Loud and Quiet', artist: 'Meter', track },
  });

interface AudioRow {
  file_id: number;
  loudness: number | null;
  true_peak: number | null;
  loudness_attempts: number;
}

describe('loudness', () => {
  let t: TestApp;
  let repo: CatalogueWriteRepository;
  let music: string;
  let collectionId: number;

  const rows = async (): Promise<AudioRow[]> =>
    (
      await t.db
        .selectFrom('audio')
        .select(['file_id', 'loudness', 'true_peak', 'loudness_attempts'])
        .orderBy('file_id')
        .execute()
    ).map((r) => ({ ...r, file_id: Number(r.file_id) }));

  beforeAll(async () => {
    t = await createTestApp();
    repo = buildRepositories(t.db, t.config.database.kind).catalogueWrite;
    music = await mkdtemp(join(tmpdir(), 'musicbox-loudness-'));
    const album = join(music, 'Meter - Loud and Quiet');
    await mkdir(album, { recursive: true });
    await tone(join(album, '01.flac'), 'Quiet', 1, -12);
    await tone(join(album, '02.flac'), 'Loud', 2, 12);
    const report = await importFolder(
      repo,
      new ImageStore(join(t.config.dataDir, 'images')),
      music,
    );
    expect(report.problems).toEqual([]);
    collectionId = report.collectionIds[0]!;
  });

  afterAll(async () => {
    await t.close();
    await rm(music, { recursive: true, force: true });
  });

  it('is measured at import: integrated loudness and true peak per track', async () => {
    const [quiet, loud] = await rows();
    // -18 dBFS sine: about -21 LUFS; -12 dB and +12 dB from there. Clipping caps the loud peak.
    expect(quiet!.loudness).toBeCloseTo(-33.8, 0);
    expect(quiet!.true_peak).toBeCloseTo(-30.1, 0);
    expect(loud!.loudness).toBeGreaterThan(-12);
    expect(loud!.true_peak).toBeGreaterThan(-6.5);
    expect(quiet!.loudness_attempts).toBe(1);
  });

  it('travels on the collection wire shape to whoever may browse the collection', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/audio_collection/${collectionId}`)).statusCode).toBe(401);
    const admin = await signInAdmin(t);
    const member = await memberWithApiRole({ t, admin, close: () => t.close() }, 'listener', {
      roleEnableBrowse: true,
    });
    for (const client of [admin, member]) {
      const response = await client.get(`/api/audio_collection/${collectionId}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = CollectionWithFilesSchema.parse(response.json());
      const [quiet, loud] = body.files.map((f) => f.audio);
      expect(quiet!.audioLoudness).toBeCloseTo(-33.8, 0);
      expect(quiet!.audioTruePeak).toBeCloseTo(-30.1, 0);
      expect(loud!.audioLoudness).toBeGreaterThan(-12);
    }
  });

  it('is backfilled for tracks imported before it existed, resumably', async () => {
    await t.db
      .updateTable('audio')
      .set({ loudness: null, true_peak: null, loudness_attempts: 0 })
      .execute();
    const abort = new AbortController();
    let calls = 0;
    // Stopped after the first file: the second is left for the next run.
    const first = await backfillLoudness(repo, {
      signal: abort.signal,
      measure: async (path) => {
        calls += 1;
        abort.abort();
        const { measureLoudness } = await import('../../server/media/loudness');
        return measureLoudness(path);
      },
    });
    expect(first).toEqual({ measured: 1, failed: 0 });
    expect((await rows()).map((r) => r.loudness === null)).toEqual([false, true]);

    const second = await backfillLoudness(repo);
    expect(second).toEqual({ measured: 1, failed: 0 });
    expect(calls).toBe(1);
    const [quiet, loud] = await rows();
    expect(quiet!.loudness).toBeCloseTo(-33.8, 0);
    expect(loud!.loudness).toBeGreaterThan(-12);
    expect(await backfillLoudness(repo)).toEqual({ measured: 0, failed: 0 });
  });

  it('never gets stuck on a file it cannot read: tried once a run, then given up', async () => {
    const [, loud] = await rows();
    await t.db
      .updateTable('audio')
      .set({ loudness: null, true_peak: null, loudness_attempts: 0 })
      .where('file_id', '=', loud!.file_id)
      .execute();
    const failing = () => Promise.reject(new Error('unreadable'));
    for (let attempt = 1; attempt <= LOUDNESS_MAX_ATTEMPTS; attempt += 1) {
      expect(await backfillLoudness(repo, { measure: failing })).toEqual({
        measured: 0,
        failed: 1,
      });
    }
    expect(await backfillLoudness(repo, { measure: failing })).toEqual({ measured: 0, failed: 0 });
    const after = (await rows()).find((r) => r.file_id === loud!.file_id)!;
    expect(after.loudness).toBeNull();
    expect(after.loudness_attempts).toBe(LOUDNESS_MAX_ATTEMPTS);
    // The quiet track, measured before, kept its values.
    expect((await rows())[0]!.loudness).toBeCloseTo(-33.8, 0);
  });
});
