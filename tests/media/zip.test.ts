import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { audioFile, parseAudio, storedBytes } from '../helpers/library-files';
import { memberWithRole, perFile, setUpLibrary } from '../helpers/setup';

const run = promisify(execFile);
const s = perFile(() => setUpLibrary());
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'musicbox-zip-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function unzipList(body: Buffer): Promise<{ zip: string; names: string[] }> {
  const zip = join(work, `${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(zip, body);
  await run('unzip', ['-tq', zip]);
  const { stdout } = await run('unzip', ['-Z1', zip]);
  return { zip, names: stdout.split('\n').filter(Boolean).sort() };
}

describe('GET /downloader/collection/{id}', () => {
  it('answers a zip named after the collection with the audio, cover and companion files', async () => {
    const res = await s.admin.get(`/downloader/collection/${s.fx.ids.free}?format=original`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''Mareas.zip`);
    const { zip, names } = await unzipList(res.rawPayload);
    expect(names).toEqual(['01 Ola.flac', '02 Espuma.flac', 'album.cue', 'cover.jpg']);
    const ola = await audioFile(s.t, s.fx.ids.free);
    const { stdout } = await run('unzip', ['-p', zip, '01 Ola.flac'], {
      encoding: 'buffer',
      maxBuffer: 1 << 26,
    });
    expect(Buffer.compare(stdout, await storedBytes(s.t, ola.path))).toBe(0);
  });

  it('transcodes every track when a format is given', async () => {
    const res = await s.admin.get(`/downloader/collection/${s.fx.ids.free}?format=MP3_320`);
    expect(res.statusCode).toBe(200);
    const { zip, names } = await unzipList(res.rawPayload);
    expect(names).toEqual(['01 Ola.mp3', '02 Espuma.mp3', 'album.cue', 'cover.jpg']);
    const { stdout } = await run('unzip', ['-p', zip, '02 Espuma.mp3'], {
      encoding: 'buffer',
      maxBuffer: 1 << 26,
    });
    expect((await parseAudio(stdout, 'audio/mpeg')).format.codec).toMatch(/MPEG 1 Layer 3/);
  });

  it('answers a single-audio collection as that file alone', async () => {
    const wav = await audioFile(s.t, s.fx.ids.single);
    const res = await s.admin.get(`/downloader/collection/${s.fx.ids.single}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''Mira%20Vale%20-%20Room%20Tone.wav`,
    );
    expect(res.rawPayload.equals(await storedBytes(s.t, wav.path))).toBe(true);
  });

  it('takes one remaining download per new track and counts the collection download', async () => {
    const user = await memberWithRole(s.t, { download_limit: 5 }, { remainingDownloads: 5 });
    const count = async () =>
      (
        await s.t.db
          .selectFrom('collections')
          .select('download_count')
          .where('collection_id', '=', s.fx.ids.free)
          .executeTakeFirstOrThrow()
      ).download_count;
    const before = await count();
    expect((await user.get(`/downloader/collection/${s.fx.ids.free}`)).statusCode).toBe(200);
    expect((await user.get(`/downloader/collection/${s.fx.ids.free}`)).statusCode).toBe(200);
    const left = await s.t.db
      .selectFrom('users')
      .select('remaining_downloads')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(left.remaining_downloads).toBe(3);
    expect(await count()).toBe(before + 2);
  });

  it('answers 401, 400, 404 and 403 for the usual bad calls', async () => {
    expect(
      (await new TestClient(s.t.app).get(`/downloader/collection/${s.fx.ids.free}`)).statusCode,
    ).toBe(401);
    expect((await s.admin.get('/downloader/collection/abc')).statusCode).toBe(400);
    expect(
      (await s.admin.get(`/downloader/collection/${s.fx.ids.free}?format=mp3`)).statusCode,
    ).toBe(400);
    expect((await s.admin.get('/downloader/collection/987654')).statusCode).toBe(404);
    const user = await memberWithRole(s.t);
    expect((await user.get(`/downloader/collection/${s.fx.ids.hidden}`)).statusCode).toBe(404);
    expect((await user.get(`/downloader/collection/${s.fx.ids.paid}`)).statusCode).toBe(403);
    expect((await user.get(`/downloader/collection/${s.fx.ids.free}?format=FLAC`)).statusCode).toBe(
      403,
    );
    const noBrowse = await memberWithRole(s.t, { enable_browse: 0 });
    expect((await noBrowse.get(`/downloader/collection/${s.fx.ids.free}`)).statusCode).toBe(403);
  });
});
