import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberWithApiRole, perFile, setUpLibrary, withMember } from '../helpers/setup';
import type { TestClient } from '../helpers/client';
import { fileIdsOf } from '../helpers/playlists';

// Hidden and missing things answer byte for byte the same, so nobody learns a hidden one exists.
const c = perFile(async () => withMember(await setUpLibrary()));
let member: TestClient;
let hiddenFile: number;
const MISSING = 987_654;

beforeAll(async () => {
  member = await memberWithApiRole(c, 'vipmember', { roleEnableBrowse: true, roleVip: true });
  const [file] = (await fileIdsOf(c, c.fx.ids.hidden)).audio;
  if (file === undefined) throw new Error('the hidden album has no audio');
  hiddenFile = file;
}, 120_000);

async function expectSameAnswer(hidden: string, missing: string): Promise<void> {
  const a = await member.get(hidden);
  const b = await member.get(missing);
  expect(a.statusCode, a.body).toBe(404);
  expect(b.statusCode, b.body).toBe(404);
  expect(a.body).toBe(b.body);
}

describe('a file of a hidden collection', () => {
  it.each([
    ['played', (id: number) => `/downloader/file/${id}?playback=true`],
    ['downloaded', (id: number) => `/downloader/file/${id}`],
    ['previewed', (id: number) => `/downloader/preview/${id}`],
    ['drawn as a waveform', (id: number) => `/downloader/waveform/${id}`],
  ])('answers like a missing file when %s', async (_what, url) => {
    await expectSameAnswer(url(hiddenFile), url(MISSING));
    expect((await member.get(url(MISSING))).json()).toEqual({ error: 'File not found' });
  });
});

describe('a hidden collection', () => {
  it.each([
    ['its page', (id: number) => `/api/audio_collection/${id}`],
    ['its unlock state', (id: number) => `/api/collection/${id}/unlocked`],
    ['its recommendations', (id: number) => `/api/collection/${id}/recommendations`],
    ['its zip', (id: number) => `/downloader/collection/${id}`],
  ])('answers like a missing collection for %s', async (_what, url) => {
    await expectSameAnswer(url(c.fx.ids.hidden), url(MISSING));
    expect((await member.get(url(MISSING))).json()).toEqual({ error: 'Collection not found' });
  });

  it('is still there for the administrator', async () => {
    expect((await c.admin.get(`/api/audio_collection/${c.fx.ids.hidden}`)).statusCode).toBe(200);
    expect((await c.admin.get(`/downloader/waveform/${hiddenFile}`)).statusCode).toBe(200);
  });
});

describe('the cover of a hidden collection', () => {
  it('answers like an unknown image', async () => {
    // Give the hidden album a cover of its own, used by nothing else.
    const bytes = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#2244aa' },
    })
      .jpeg()
      .toBuffer();
    const stored = await c.fx.images.put(bytes);
    await c.fx.repo.saveImage(stored);
    await c.t.db
      .updateTable('collections')
      .set({ image_hash: stored.hash })
      .where('collection_id', '=', c.fx.ids.hidden)
      .execute();
    expect((await c.admin.get(`/image/${stored.hash}`)).statusCode).toBe(200);
    await expectSameAnswer(`/image/${stored.hash}`, `/image/${'cd'.repeat(32)}`);
  });
});
