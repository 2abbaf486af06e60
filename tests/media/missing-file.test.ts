import { rename } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CollectionWithFilesSchema } from '../../domain/collection';
import { FILE_MISSING } from '../../server/media/on-disk';
import { type CatalogueFixture } from '../helpers/catalogue-fixture';
import { TestClient } from '../helpers/client';
import { filesOf, type FixtureFile } from '../helpers/library-files';
import { errorOf, registerMember, setUpLibrary } from '../helpers/setup';
import { type TestApp } from '../helpers/test-app';

/**
 * A catalogue file gone from disk (deleted by hand, a music drive not mounted): every call that
 * reads it answers a clear 404, not a 500, and the server says so in its log once per file
 * (issue 31 §3). The rest of the collection and the library keep working.
 */
let t: TestApp;
let fx: CatalogueFixture;
let admin: TestClient;
let gone: FixtureFile;
let kept: FixtureFile;
const away = (file: FixtureFile) => `${file.path}.away`;

beforeAll(async () => {
  ({ t, admin, fx } = await setUpLibrary());
  [gone, kept] = (await filesOf(t, fx.ids.free)).filter((f) => f.format !== null) as [
    FixtureFile,
    FixtureFile,
  ];
  // Peaks stored at import stay served: they need no file.
  expect((await admin.get(`/downloader/waveform/${gone.fileId}`)).statusCode).toBe(200);
  await rename(gone.path, away(gone));
});
afterAll(async () => {
  await rename(away(gone), gone.path).catch(() => undefined);
  await t.close();
  await fx.cleanup();
});

describe('a track whose file is missing on disk', () => {
  it('answers 404 with the reason to streams, previews, downloads and zips, logging it once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const url of [
        `/downloader/file/${gone.fileId}?playback=true`,
        `/downloader/file/${gone.fileId}?playback=true`,
        `/downloader/preview/${gone.fileId}`,
        `/downloader/file/${gone.fileId}?format=original`,
        `/downloader/file/${gone.fileId}?format=MP3_320`,
        `/downloader/collection/${fx.ids.free}?format=original`,
      ]) {
        const answer = await admin.get(url);
        expect(answer.statusCode, url).toBe(404);
        expect(errorOf(answer), url).toMatch(
          url.includes('/collection/')
            ? /^1 of the \d+ files of this collection are missing on the server$/
            : new RegExp(`^${FILE_MISSING}$`),
        );
      }
      const logged = warn.mock.calls.map(([line]) => String(line));
      expect(logged.filter((line) => line.includes(gone.path))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
    expect((await admin.get(`/downloader/waveform/${gone.fileId}`)).statusCode).toBe(200);
  });

  it('leaves the rest of the collection and its page working, marking the file for admins only', async () => {
    expect((await admin.get(`/downloader/file/${kept.fileId}?playback=true`)).statusCode).toBe(200);
    const page = await admin.get(`/api/audio_collection/${fx.ids.free}`);
    expect(page.statusCode).toBe(200);
    const files = CollectionWithFilesSchema.parse(page.json()).files.map((f) => f.file);
    expect(files.find((f) => f.fileId === gone.fileId)?.fileMissing).toBe(true);
    expect(files.filter((f) => f.fileMissing === true)).toHaveLength(1);
    expect(files.find((f) => f.fileId === kept.fileId)?.fileMissing).toBe(false);
    // A listener is told nothing about the server's disk.
    const member = await registerMember(t, 'missingreader');
    const theirs = await member.get(`/api/audio_collection/${fx.ids.free}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('fileMissing');
  });

  it('counts no download for a zip refused for a missing file', async () => {
    const before = await t.db
      .selectFrom('collections')
      .select('download_count')
      .where('collection_id', '=', fx.ids.free)
      .executeTakeFirstOrThrow();
    expect((await admin.get(`/downloader/collection/${fx.ids.free}`)).statusCode).toBe(404);
    const after = await t.db
      .selectFrom('collections')
      .select('download_count')
      .where('collection_id', '=', fx.ids.free)
      .executeTakeFirstOrThrow();
    expect(after.download_count).toBe(before.download_count);
  });
});
