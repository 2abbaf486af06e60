import { describe, expect, it } from 'vitest';
import { CollectionWithFilesSchema } from '../../domain/collection';
import { LyricsSchema } from '../../domain/lyrics';
import { TestClient } from '../helpers/client';
import { filesOf } from '../helpers/library-files';
import { errorOf, perFile, setUpLibrary, withMember } from '../helpers/setup';

const s = perFile(async () => withMember(await setUpLibrary()));

const lyricsOf = async (client: TestClient, fileId: number) => {
  const response = await client.get(`/api/lyrics/${fileId}`);
  expect(response.statusCode).toBe(200);
  return LyricsSchema.parse(response.json());
};

const hasLyrics = async (collectionId: number, fileId: number) => {
  const page = CollectionWithFilesSchema.parse(
    (await s.user.get(`/api/audio_collection/${collectionId}`)).json(),
  );
  return page.files.find((f) => f.file.fileId === fileId)?.audio?.audioHasLyrics;
};

describe('/api/lyrics/{fileId}', () => {
  it('answers no lines for a track without lyrics', async () => {
    const [track] = await filesOf(s.t, s.fx.ids.free);
    expect(await lyricsOf(s.user, track!.fileId)).toEqual({ synced: false, lines: [] });
    expect(await hasLyrics(s.fx.ids.free, track!.fileId)).toBe(false);
  });

  it("stores an administrator's LRC as synced lines and plain text as plain lines", async () => {
    const [track] = await filesOf(s.t, s.fx.ids.free);
    const synced = await s.admin.put(`/api/lyrics/${track!.fileId}`, {
      text: '[ar:Ana Ruiz]\n[00:01.50]First line\n[00:04.00][00:09.25]Twice\n',
    });
    expect(synced.statusCode).toBe(200);
    const expected = {
      synced: true,
      lines: [
        { startMs: 1500, text: 'First line' },
        { startMs: 4000, text: 'Twice' },
        { startMs: 9250, text: 'Twice' },
      ],
    };
    expect(LyricsSchema.parse(synced.json())).toEqual(expected);
    expect(await lyricsOf(s.user, track!.fileId)).toEqual(expected);
    expect(await hasLyrics(s.fx.ids.free, track!.fileId)).toBe(true);

    await s.admin.put(`/api/lyrics/${track!.fileId}`, { text: 'One\nTwo  \n' });
    expect(await lyricsOf(s.user, track!.fileId)).toEqual({
      synced: false,
      lines: [{ text: 'One' }, { text: 'Two' }],
    });
    // Empty text removes them.
    await s.admin.put(`/api/lyrics/${track!.fileId}`, { text: '  \n' });
    expect(await lyricsOf(s.user, track!.fileId)).toEqual({ synced: false, lines: [] });
    expect(await hasLyrics(s.fx.ids.free, track!.fileId)).toBe(false);
  });

  it('keeps lyrics of hidden music private and edits to administrators', async () => {
    const [hidden] = await filesOf(s.t, s.fx.ids.hidden);
    await s.admin.put(`/api/lyrics/${hidden!.fileId}`, { text: 'Secret words' });
    expect((await lyricsOf(s.admin, hidden!.fileId)).lines).toEqual([{ text: 'Secret words' }]);
    const asMember = await s.user.get(`/api/lyrics/${hidden!.fileId}`);
    expect(asMember.statusCode).toBe(404);
    expect(errorOf(asMember)).toBe('File not found');
    expect((await s.user.get('/api/lyrics/999999')).statusCode).toBe(404);
    expect((await new TestClient(s.t.app).get(`/api/lyrics/${hidden!.fileId}`)).statusCode).toBe(
      401,
    );

    const [track] = await filesOf(s.t, s.fx.ids.single);
    expect((await s.user.put(`/api/lyrics/${track!.fileId}`, { text: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await s.admin.put(`/api/lyrics/${track!.fileId}`, {})).statusCode).toBe(400);
    expect(
      (await s.admin.put(`/api/lyrics/${track!.fileId}`, { text: 'x'.repeat(200_001) })).statusCode,
    ).toBe(400);
    expect(await lyricsOf(s.user, track!.fileId)).toEqual({ synced: false, lines: [] });
  });
});
