import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { audioFile, filesOf, type FixtureFile } from '../helpers/library-files';
import { perFile } from '../helpers/setup';
import { setUpSubsonic, type SubsonicUser } from '../helpers/subsonic';
import {
  bytesOf,
  clientOf as clientFor,
  errorCode,
  restMember as restMemberOf,
  type Envelope,
} from './media-client';

const s = perFile(() => setUpSubsonic());
const clientOf = (user: SubsonicUser, headers?: Record<string, string>) =>
  clientFor(s, user, headers);
const restMember = (role: Parameters<typeof restMemberOf>[1]) => restMemberOf(s, role);

let admin: SubsonicUser;
let ola: FixtureFile;
let espuma: FixtureFile;
beforeAll(async () => {
  admin = s.adminApi;
  [ola, espuma] = (await filesOf(s.t, s.fx.ids.free)).filter((f) => f.format === 'FLAC') as [
    FixtureFile,
    FixtureFile,
  ];
});

describe('getCoverArt', () => {
  it('answers the album cover resized to size, for the album, its songs and its artist', async () => {
    const artist = await s.t.db
      .selectFrom('artists')
      .select('artist_id')
      .where('name', '=', 'Ana Ruiz')
      .executeTakeFirstOrThrow();
    for (const id of [`al-${s.fx.ids.free}`, String(ola.fileId), `ar-${artist.artist_id}`]) {
      const res = await clientOf(s.member).getCoverArt({ id, size: 64 });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(await bytesOf(res)).metadata();
      expect([meta.width, meta.height]).toEqual([64, 64]);
    }
    const original = await clientOf(s.member).getCoverArt({ id: `al-${s.fx.ids.free}` });
    expect((await sharp(await bytesOf(original)).metadata()).width).toBe(120);
  });

  it('keeps one resized file per size, and answers 304 to its ETag', async () => {
    const sized = async () =>
      (
        await readdir(join(s.t.config.dataDir, 'images', 'sized'), { recursive: true }).catch(
          () => [],
        )
      ).filter((name) => /\.(jpg|png)$/.test(String(name))).length;
    const before = await sized();
    const first = await clientOf(s.member).getCoverArt({ id: `al-${s.fx.ids.free}`, size: 100 });
    await bytesOf(first);
    await bytesOf(await clientOf(s.member).getCoverArt({ id: String(espuma.fileId), size: 100 }));
    expect(await sized()).toBe(before + 1);
    const etag = first.headers.get('etag') ?? '';
    const again = await clientOf(s.member, { 'if-none-match': etag }).getCoverArt({
      id: `al-${s.fx.ids.free}`,
      size: 100,
    });
    expect(again.status).toBe(304);
  });

  it('answers 70 for an album without a cover and for an unknown id', async () => {
    for (const id of [`al-${s.fx.ids.single}`, 'al-999999', 'nonsense'])
      expect(await errorCode(await clientOf(s.member).getCoverArt({ id }))).toBe(70);
  });
});

describe('lyrics', () => {
  beforeAll(async () => {
    await s.admin.put(`/api/lyrics/${ola.fileId}`, {
      text: '[00:01.50]Primera línea\n[00:04.00]Segunda\n',
    });
    await s.admin.put(`/api/lyrics/${espuma.fileId}`, { text: 'Uno\nDos\n' });
  });

  it('getLyricsBySongId answers synced and plain lyrics as structured lyrics', async () => {
    const synced = await clientOf(s.member).getLyricsBySongId({ id: String(ola.fileId) });
    expect(synced.status).toBe('ok');
    expect(synced.lyricsList).toEqual({
      structuredLyrics: [
        {
          displayArtist: 'Ana Ruiz',
          displayTitle: 'Ola',
          lang: 'xxx',
          synced: true,
          offset: 0,
          line: [
            { start: 1500, value: 'Primera línea' },
            { start: 4000, value: 'Segunda' },
          ],
        },
      ],
    });
    const plain = await clientOf(s.member).getLyricsBySongId({ id: String(espuma.fileId) });
    expect(plain.lyricsList).toEqual({
      structuredLyrics: [
        expect.objectContaining({ synced: false, line: [{ value: 'Uno' }, { value: 'Dos' }] }),
      ],
    });
  });

  it('getLyricsBySongId renders lines as XML elements with their text', async () => {
    const res = await s.member.api.custom('getLyricsBySongId.view', {
      id: String(ola.fileId),
      f: 'xml',
    });
    const xml = await res.text();
    expect(xml).toMatch(/<lyricsList><structuredLyrics [^>]*synced="true"[^>]*>/);
    expect(xml).toContain('<line start="1500">Primera línea</line>');
  });

  it('getLyricsBySongId answers an empty list for a track without lyrics', async () => {
    const room = await audioFile(s.t, s.fx.ids.single);
    const res = await clientOf(s.member).getLyricsBySongId({ id: String(room.fileId) });
    expect(res.lyricsList).toEqual({ structuredLyrics: [] });
  });

  it('getLyrics finds the text by artist and title, folded like search', async () => {
    const res = await clientOf(s.member).getLyrics({ artist: 'ana  RUIZ', title: 'ola' });
    expect(res.lyrics).toEqual({
      artist: 'Ana Ruiz',
      title: 'Ola',
      value: 'Primera línea\nSegunda',
    });
    const none = await clientOf(s.member).getLyrics({ artist: 'Ana Ruiz', title: 'Nada' });
    expect(none.status).toBe('ok');
    expect(none.lyrics).toEqual({});
  });
});

describe('what the web app hides', () => {
  /** stream, download, getCoverArt and getLyricsBySongId of this song id: their error codes. */
  const codesFor = async (user: SubsonicUser, id: string) => {
    const api = clientOf(user);
    const lyrics = (await api.getLyricsBySongId({ id })) as unknown as Envelope;
    return [
      await errorCode(await api.stream({ id })),
      await errorCode(await api.download({ id })),
      await errorCode(await api.getCoverArt({ id })),
      lyrics.error?.code,
    ];
  };

  it('answers a hidden collection’s song exactly like a missing one (70)', async () => {
    const demo = await audioFile(s.t, s.fx.ids.hidden);
    await s.admin.put(`/api/lyrics/${demo.fileId}`, { text: 'Secret' });
    expect(await codesFor(s.member, String(demo.fileId))).toEqual([70, 70, 70, 70]);
    expect(await codesFor(s.member, '999999')).toEqual([70, 70, 70, 70]);
    expect(
      await errorCode(await clientOf(s.member).getCoverArt({ id: `al-${s.fx.ids.hidden}` })),
    ).toBe(70);
    expect(
      (await clientOf(s.member).getLyrics({ artist: 'Dax Okoro', title: 'Demo One' })).lyrics,
    ).toEqual({});
    // The administrator sees it.
    expect(
      (await clientOf(admin).stream({ id: String(demo.fileId) })).headers.get('content-type'),
    ).toBe('audio/ogg');
  });

  it('answers 70 for the songs of a collection carrying a tag the role blacklists', async () => {
    const user = await restMember({ blacklisted_tags: JSON.stringify(['featured']) });
    expect(await codesFor(user, String(ola.fileId))).toEqual([70, 70, 70, 70]);
    expect(await errorCode(await clientOf(user).getCoverArt({ id: `al-${s.fx.ids.free}` }))).toBe(
      70,
    );
    expect((await clientOf(user).getLyrics({ artist: 'Ana Ruiz', title: 'Ola' })).lyrics).toEqual(
      {},
    );
  });

  it('answers 50 to a role without the browse right', async () => {
    const user = await restMember({ enable_browse: 0 });
    expect(await errorCode(await clientOf(user).stream({ id: String(ola.fileId) }))).toBe(50);
  });
});
