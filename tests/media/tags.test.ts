import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { audioFile, parseAudio, storedBytes } from '../helpers/library-files';
import { memberWithRole, perFile, setUpLibrary } from '../helpers/setup';

const s = perFile(() => setUpLibrary());
let png: string;
beforeAll(async () => {
  png = (
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#22aa66' } })
      .png()
      .toBuffer()
  ).toString('base64');
});

interface Tags {
  textTags: Record<string, string[]>;
  cover: { data: string; mime: string } | null;
}
// The row's file wherever the app keeps it (DATA_DIR, or the run's bucket with TEST_STORAGE=s3).
const digest = async (path: string) =>
  createHash('sha256')
    .update(await storedBytes(s.t, path))
    .digest('hex');
const parseStored = async (path: string) => parseAudio(await storedBytes(s.t, path));

describe('GET /downloader/tags/{fileId}', () => {
  it('answers the file tags by simple field name', async () => {
    const flac = await audioFile(s.t, s.fx.ids.free);
    const res = await s.admin.get(`/downloader/tags/${flac.fileId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Tags>();
    expect(body.textTags.title).toEqual(['Ola']);
    expect(body.textTags.artist).toEqual(['Ana Ruiz']);
    expect(body.textTags.album).toEqual(['Mareas']);
    expect(body.textTags.label).toContain('Sello Azul');
    expect(body.textTags.bpm).toEqual(['122']);
    expect(body.cover).toBeNull();
  });
});

describe('POST /downloader/tags/{fileId}', () => {
  it('writes text tags and a cover into a FLAC, re-reads it into the catalogue', async () => {
    const flac = await audioFile(s.t, s.fx.ids.free);
    const current = (await s.admin.get(`/downloader/tags/${flac.fileId}`)).json<Tags>();
    const textTags = { ...current.textTags, title: ['Ola Nueva'], COMMENT: ['remastered'] };
    const res = await s.admin.post(`/downloader/tags/${flac.fileId}`, {
      textTags,
      cover: { data: png, mime: 'image/png' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Tags>();
    expect(body.textTags.title).toEqual(['Ola Nueva']);
    expect(body.textTags.comment).toEqual(['remastered']);
    expect(body.cover?.mime).toBe('image/png');
    const meta = await parseStored(flac.path);
    expect(meta.common.title).toBe('Ola Nueva');
    expect(meta.common.picture?.length).toBe(1);
    const row = await s.t.db
      .selectFrom('audio')
      .innerJoin('files', 'files.file_id', 'audio.file_id')
      .select(['audio.title', 'files.size', 'files.image_hash'])
      .where('audio.file_id', '=', flac.fileId)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Ola Nueva');
    expect(Number(row.size)).toBe((await storedBytes(s.t, flac.path)).length);
    expect(row.image_hash).toMatch(/^[0-9a-f]{64}$/);
    const collection = await s.t.db
      .selectFrom('collections')
      .select('search_text')
      .where('collection_id', '=', s.fx.ids.free)
      .executeTakeFirstOrThrow();
    expect(collection.search_text).toContain('ola nueva');
  });

  it('writes an MP3 with its BPM and label, and an OGG with tags only', async () => {
    const mp3 = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    const res = await s.admin.post(`/downloader/tags/${mp3.fileId}`, {
      textTags: { title: ['Piston 2'], artist: ['Björk Test'], bpm: ['140'], label: ['New Label'] },
      cover: { data: png, mime: 'image/png' },
    });
    expect(res.statusCode).toBe(200);
    const meta = await parseStored(mp3.path);
    expect(meta.common.title).toBe('Piston 2');
    expect(meta.common.bpm).toBe(140);
    expect(meta.common.label).toEqual(['New Label']);
    expect(meta.common.picture?.[0]?.format).toBe('image/png');
    const ogg = await audioFile(s.t, s.fx.ids.hidden);
    const oggRes = await s.admin.post(`/downloader/tags/${ogg.fileId}`, {
      textTags: { title: ['Demo Two'], mood: ['dark'] },
    });
    expect(oggRes.statusCode).toBe(200);
    expect(oggRes.json<Tags>().textTags.mood).toEqual(['dark']);
    expect((await parseStored(ogg.path)).common.title).toBe('Demo Two');
  });

  it('answers 400 and leaves the file untouched for bad names, oversized values and non-images', async () => {
    const flac = await audioFile(s.t, s.fx.ids.free);
    const before = await digest(flac.path);
    const bad = [
      { textTags: { '1title': ['x'] } },
      { textTags: { 'ti=tle': ['x'] } },
      { textTags: { title: ['x'.repeat(4097)] } },
      { textTags: { title: Array.from({ length: 33 }, (_, i) => `v${i}`) } },
      { textTags: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`field${i}`, ['x']])) },
      {
        textTags: { title: ['x'] },
        cover: { data: Buffer.from('not an image').toString('base64'), mime: 'image/png' },
      },
      { textTags: { title: ['x'] }, cover: { data: '!!!', mime: 'image/png' } },
      { textTags: { title: 'x' } },
      {},
    ];
    for (const body of bad) {
      const res = await s.admin.post(`/downloader/tags/${flac.fileId}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect(await digest(flac.path)).toBe(before);
  });

  it('is for admins only, and checks the id', async () => {
    const flac = await audioFile(s.t, s.fx.ids.free);
    const before = await digest(flac.path);
    const user = await memberWithRole(s.t);
    expect((await user.get(`/downloader/tags/${flac.fileId}`)).statusCode).toBe(403);
    expect(
      (await user.post(`/downloader/tags/${flac.fileId}`, { textTags: { title: ['hacked'] } }))
        .statusCode,
    ).toBe(403);
    expect((await new TestClient(s.t.app).get(`/downloader/tags/${flac.fileId}`)).statusCode).toBe(
      401,
    );
    expect((await s.admin.get('/downloader/tags/abc')).statusCode).toBe(400);
    expect((await s.admin.get('/downloader/tags/55555')).statusCode).toBe(404);
    expect((await s.admin.post('/downloader/tags/55555', { textTags: {} })).statusCode).toBe(404);
    expect(await digest(flac.path)).toBe(before);
  });
});
