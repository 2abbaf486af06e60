import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import {
  audioFile,
  type FixtureFile,
  parseAudio,
  storedBytes,
  transcodeCacheFiles,
} from '../helpers/library-files';
import { memberWithRole, perFile, setUpLibrary } from '../helpers/setup';

const run = promisify(execFile);
const s = perFile(() => setUpLibrary());
let flac: FixtureFile;
beforeAll(async () => {
  flac = await audioFile(s.t, s.fx.ids.free, 'FLAC');
});

const cacheFiles = (): Promise<string[]> => transcodeCacheFiles(s.t);

describe('GET /downloader/file/{fileId} (download)', () => {
  it('answers the original bytes as an attachment named "Artist - Title.ext"', async () => {
    const res = await s.admin.get(`/downloader/file/${flac.fileId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Ana Ruiz - Ola.flac"; filename*=UTF-8''Ana%20Ruiz%20-%20Ola.flac`,
    );
    expect(res.rawPayload.equals(await storedBytes(s.t, flac.path))).toBe(true);
    const original = await s.admin.get(`/downloader/file/${flac.fileId}?format=original`);
    expect(original.rawPayload.length).toBe(res.rawPayload.length);
  });

  const formats: Array<[string, RegExp, string]> = [
    ['MP3_320', /MPEG 1 Layer 3/, 'mp3'],
    ['AAC', /AAC/, 'm4a'],
    ['FLAC', /FLAC/, 'flac'],
    ['ALAC', /ALAC/, 'm4a'],
    ['WAV', /WAVE|PCM/, 'wav'],
    ['AIFF', /AIFF|PCM/, 'aiff'],
    ['OGG', /Vorbis/, 'ogg'],
    ['WMA', /Windows Media Audio/, 'wma'],
  ];
  it.each(formats)('transcodes to %s, read back as that format', async (format, codec, ext) => {
    const res = await s.admin.get(`/downloader/file/${flac.fileId}?format=${format}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`Ana Ruiz - Ola.${ext}`);
    const meta = await parseAudio(res.rawPayload, String(res.headers['content-type']));
    expect(`${meta.format.container} ${meta.format.codec}`).toMatch(codec);
    expect(meta.format.duration).toBeGreaterThan(5);
  });

  it('serves the second request from the cache, byte for byte', async () => {
    const single = await audioFile(s.t, s.fx.ids.single);
    const oggs = async () => (await cacheFiles()).filter((f) => f.endsWith('.ogg'));
    const before = await oggs();
    const first = await s.admin.get(`/downloader/file/${single.fileId}?transcode=OGG`);
    expect(first.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const cached = (await oggs()).filter((f) => !before.includes(f));
    expect(cached).toHaveLength(1);
    const second = await s.admin.get(`/downloader/file/${single.fileId}?transcode=OGG`);
    expect(second.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.rawPayload.equals(await storedBytes(s.t, cached[0] ?? ''))).toBe(true);
  });

  it('counts fileDownloadCount and collectionDownloadCount', async () => {
    const before = await s.t.db
      .selectFrom('files')
      .innerJoin('collections', 'collections.collection_id', 'files.collection_id')
      .select(['files.download_count as file', 'collections.download_count as collection'])
      .where('files.file_id', '=', flac.fileId)
      .executeTakeFirstOrThrow();
    await s.admin.get(`/downloader/file/${flac.fileId}`);
    const after = await s.t.db
      .selectFrom('files')
      .innerJoin('collections', 'collections.collection_id', 'files.collection_id')
      .select(['files.download_count as file', 'collections.download_count as collection'])
      .where('files.file_id', '=', flac.fileId)
      .executeTakeFirstOrThrow();
    expect(after.file).toBe(before.file + 1);
    expect(after.collection).toBe(before.collection + 1);
  });

  it('answers 400 to an unknown format, 401 to anonymous callers, 404 to unknown ids', async () => {
    expect((await s.admin.get(`/downloader/file/${flac.fileId}?format=MP4`)).statusCode).toBe(400);
    expect((await s.admin.get(`/downloader/file/x1`)).statusCode).toBe(400);
    expect((await s.admin.get(`/downloader/file/424242`)).statusCode).toBe(404);
    expect((await new TestClient(s.t.app).get(`/downloader/file/${flac.fileId}`)).statusCode).toBe(
      401,
    );
  });
});

describe('live transcodes over a real socket', () => {
  it('kills ffmpeg and drops the temporary file when the client disconnects', async () => {
    const user = await memberWithRole(s.t, { transcode: 1, speed_limit: 20_000 });
    const address = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const other =
      (await audioFile(s.t, s.fx.ids.free, 'FLAC')).fileId === flac.fileId
        ? (
            await s.t.db
              .selectFrom('files')
              .innerJoin('audio', 'audio.file_id', 'files.file_id')
              .select('files.file_id')
              .where('files.collection_id', '=', s.fx.ids.free)
              .where('files.file_id', '!=', flac.fileId)
              .executeTakeFirstOrThrow()
          ).file_id
        : flac.fileId;
    const cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const wavsBefore = (await cacheFiles()).filter((f) => f.endsWith('.wav'));
    const ffmpegChildren = async () => {
      const { stdout } = await run('ps', ['-o', 'args=', '--ppid', String(process.pid)]).catch(
        () => ({ stdout: '' }),
      );
      return stdout.split('\n').filter((l) => l.includes('ffmpeg'));
    };
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        `${address}/downloader/file/${other}?format=WAV`,
        { headers: { cookie } },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-length']).toBeUndefined();
          res.once('data', () => {
            void (async () => {
              expect((await ffmpegChildren()).length).toBe(1);
              expect((await cacheFiles()).some((f) => f.includes('.tmp-'))).toBe(true);
              req.destroy();
              resolve();
            })().catch(reject);
          });
        },
      );
      req.on('error', () => undefined);
    });
    for (let i = 0; i < 20 && (await ffmpegChildren()).length > 0; i += 1)
      await new Promise((r) => setTimeout(r, 100));
    expect(await ffmpegChildren()).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect((await cacheFiles()).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect((await cacheFiles()).filter((f) => f.endsWith('.wav'))).toEqual(wavsBefore);
  });

  it('streams an MP3 320 transcode as ffmpeg makes it, not after', async () => {
    const address = s.t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const cookie = [...s.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const mp3 = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    const res = await fetch(
      `http://127.0.0.1:${port}/downloader/file/${mp3.fileId}?format=MP3_320`,
      { headers: { cookie } },
    );
    const reader = res.body?.getReader();
    const first = await reader?.read();
    await reader?.cancel();
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    // Sent as it is made (chunked, no length known up front), so the first bytes do not wait
    // for the whole file; how fast is a figure of `npm run bench`, not of a test.
    expect(res.headers.get('content-length')).toBeNull();
    expect(first?.value?.byteLength ?? 0).toBeGreaterThan(0);
  });
});
