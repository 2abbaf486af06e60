import { describe, expect, it } from 'vitest';
import { audioFile, parseAudio, storedBytes } from '../helpers/library-files';
import { createPlaylist, fileIdsOf } from '../helpers/playlists';
import { perFile, setUpLibrary, withAliceAndBob } from '../helpers/setup';
import { NOT_FOUND_BODY, openShare, share, visitor } from './share-helpers';

const c = perFile(async () => withAliceAndBob(await setUpLibrary()));

const setFullStreams = async (on: boolean) => {
  const response = await c.admin.post('/api/settings', { shareFullStreams: on });
  expect(response.statusCode, response.body).toBe(200);
};

describe('GET /api/share/{token}', () => {
  it('shows a visitor the cover, names, price and track list, with preview addresses', async () => {
    const { token } = await share(c.alice, { collectionId: c.fx.ids.paid });
    const page = await openShare(c.t, token);
    expect(page).toMatchObject({
      kind: 'collection',
      name: 'Night Works',
      artists: ['Björk Test'],
      description: 'About Night Works',
      price: 500,
      collectionId: c.fx.ids.paid,
      fullStreams: false,
      sharedBy: 'alice',
      coverUrl: null,
    });
    expect(page.tracks.map((t) => t.title)).toEqual(['Piston', 'Gear']);
    for (const track of page.tracks) {
      expect(track.audioUrl).toBe(`/api/share/${token}/preview/${track.fileId}`);
    }
    // No server paths, folders or other people's data in the answer.
    expect(JSON.stringify(page)).not.toMatch(/\.mp3|\.m4a|Björk Test - Night Works/);
  });
});

describe('share-scoped media', () => {
  it('plays a 30 s clip of a 40 s paid track and never the whole track', async () => {
    const { token } = await share(c.alice, { collectionId: c.fx.ids.paid });
    const mp3 = await audioFile(c.t, c.fx.ids.paid, 'MP3');
    const preview = await visitor(c.t).get(`/api/share/${token}/preview/${mp3.fileId}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mpeg');
    const meta = await parseAudio(preview.rawPayload, 'audio/mpeg');
    expect(meta.format.duration).toBeGreaterThan(29);
    expect(meta.format.duration).toBeLessThan(31);
    const full = await visitor(c.t).get(`/api/share/${token}/stream/${mp3.fileId}`);
    expect(full.statusCode).toBe(404);
    expect(full.json()).toEqual(NOT_FOUND_BODY);
    // The app's own media calls still need an account.
    expect((await visitor(c.t).get(`/downloader/file/${mp3.fileId}`)).statusCode).toBe(401);
  });

  it('serves only files of what was shared, and nothing once the link is revoked', async () => {
    const created = await share(c.alice, { collectionId: c.fx.ids.free });
    const other = await audioFile(c.t, c.fx.ids.single, 'WAV');
    const { other: companions } = await fileIdsOf(c, c.fx.ids.free);
    for (const fileId of [other.fileId, companions[0]!, 999_999]) {
      const response = await visitor(c.t).get(`/api/share/${created.token}/preview/${fileId}`);
      expect(response.statusCode, String(fileId)).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND_BODY);
    }
    const flac = await audioFile(c.t, c.fx.ids.free, 'FLAC');
    const url = `/api/share/${created.token}/preview/${flac.fileId}`;
    expect((await visitor(c.t).get(url)).statusCode).toBe(200);
    await c.alice.delete(`/api/share/${created.shareId}`);
    expect((await visitor(c.t).get(url)).statusCode).toBe(404);
  });

  it('plays a free collection in full only while the administrator allows it', async () => {
    const { token } = await share(c.bob, { collectionId: c.fx.ids.free });
    const flac = await audioFile(c.t, c.fx.ids.free, 'FLAC');
    const streamUrl = `/api/share/${token}/stream/${flac.fileId}`;
    expect((await visitor(c.t).get(streamUrl)).statusCode).toBe(404);
    await setFullStreams(true);
    try {
      const page = await openShare(c.t, token);
      expect(page.fullStreams).toBe(true);
      expect(page.tracks[0]?.audioUrl).toBe(streamUrl);
      const full = await visitor(c.t).get(streamUrl);
      expect(full.statusCode).toBe(200);
      expect(full.rawPayload.equals(await storedBytes(c.t, flac.path))).toBe(true);
      // A paid collection stays previews only.
      const paid = await share(c.bob, { collectionId: c.fx.ids.paid });
      const paidPage = await openShare(c.t, paid.token);
      expect(paidPage.fullStreams).toBe(false);
      const mp3 = await audioFile(c.t, c.fx.ids.paid, 'MP3');
      expect(
        (await visitor(c.t).get(`/api/share/${paid.token}/stream/${mp3.fileId}`)).statusCode,
      ).toBe(404);
    } finally {
      await setFullStreams(false);
    }
    expect((await visitor(c.t).get(streamUrl)).statusCode).toBe(404);
  });

  it('serves the cover of the shared collection, as a thumbnail on request', async () => {
    const { token } = await share(c.alice, { collectionId: c.fx.ids.free });
    const page = await openShare(c.t, token);
    expect(page.coverUrl).toBe(`/api/share/${token}/cover`);
    const cover = await visitor(c.t).get(page.coverUrl!);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    const thumb = await visitor(c.t).get(`${page.coverUrl!}?thumb=true`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // The larger copies the app's covers offer, and nothing else.
    const large = await visitor(c.t).get(`${page.coverUrl!}?size=720`);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect((await visitor(c.t).get(`${page.coverUrl!}?size=640`)).statusCode).toBe(400);
    const none = await share(c.alice, { collectionId: c.fx.ids.single });
    expect((await visitor(c.t).get(`/api/share/${none.token}/cover`)).statusCode).toBe(404);
  });
});

describe('a shared playlist', () => {
  it('lists only tracks every role may see, as previews, with no price', async () => {
    const playlist = await createPlaylist(c.admin, { title: 'Admin <mix>' });
    const hidden = await fileIdsOf(c, c.fx.ids.hidden);
    const free = await fileIdsOf(c, c.fx.ids.free);
    const added = await c.admin.put(`/api/playlist/${playlist.playlistId}/file`, {
      ids: [...hidden.audio, ...free.audio],
    });
    expect(added.statusCode, added.body).toBe(200);
    const { token } = await share(c.admin, { playlistId: playlist.playlistId });
    const page = await openShare(c.t, token);
    expect(page).toMatchObject({ kind: 'playlist', name: 'Admin <mix>', price: null });
    expect(page.tracks.map((t) => t.fileId)).toEqual(free.audio);
    const demo = hidden.audio[0]!;
    expect((await visitor(c.t).get(`/api/share/${token}/preview/${demo}`)).statusCode).toBe(404);
    const html = (await visitor(c.t).get(`/s/${token}`)).body;
    expect(html).toContain('<meta property="og:type" content="music.playlist">');
    expect(html).toContain('Admin &lt;mix&gt;');
    expect(html).not.toContain('Admin <mix>');
    expect(html).not.toContain('Demo One');
  });
});

describe('GET /s/{token}', () => {
  it('is a server-rendered page whose Open Graph and Twitter tags crawlers read', async () => {
    const { token } = await share(c.alice, { collectionId: c.fx.ids.free });
    const response = await visitor(c.t).get(`/s/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const flac = await audioFile(c.t, c.fx.ids.free, 'FLAC');
    const base = 'http://musicbox.test';
    for (const tag of [
      '<meta property="og:type" content="music.album">',
      '<meta property="og:title" content="Mareas">',
      '<meta property="og:description" content="Album by Ana Ruiz on Musicbox">',
      `<meta property="og:image" content="${base}/api/share/${token}/cover">`,
      `<meta property="og:audio" content="${base}/api/share/${token}/preview/${flac.fileId}">`,
      `<meta property="og:url" content="${base}/s/${token}">`,
      '<meta name="twitter:card" content="summary_large_image">',
      `<meta name="twitter:image" content="${base}/api/share/${token}/cover">`,
    ]) {
      expect(html).toContain(tag);
    }
    expect(html).toContain('<h1>Mareas</h1>');
    expect(html).toContain('Ola');
    expect(html).toContain(`href="/register?redirect=%2Fcollection%2F${c.fx.ids.free}"`);
    expect(html).toContain(`href="/login?redirect=%2Fcollection%2F${c.fx.ids.free}"`);
    // A page, not the app shell: no bundle to wait for.
    expect(html).not.toContain('/assets/');
  });

  it('asks a visitor to sign up or sign in to buy a priced collection', async () => {
    const { token } = await share(c.alice, { collectionId: c.fx.ids.paid });
    const html = (await visitor(c.t).get(`/s/${token}`)).body;
    expect(html).toContain('Sign up to buy');
    expect(html).toContain('Sign in to buy');
    expect(html).toContain('5.00 EUR');
    expect(html).toContain('30-second previews');
  });

  it('answers every miss with the same plain not-found page', async () => {
    const revoked = await share(c.alice, { collectionId: c.fx.ids.free });
    await c.alice.delete(`/api/share/${revoked.shareId}`);
    const pages = await Promise.all(
      [revoked.token, 'Z'.repeat(24), 'nope'].map((token) => visitor(c.t).get(`/s/${token}`)),
    );
    for (const page of pages) {
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toBe(pages[0]!.body);
    }
    expect(pages[0]!.body).toContain('Link not found');
  });
});
