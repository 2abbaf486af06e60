import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrackInfo } from '../../server/media/audio-tags';
import {
  KIND_EXTENSION,
  writeTaggedAudio,
  type TaggedAudioOptions,
  type TrackTags,
} from '../helpers/tagged-audio';

let dir: string;
let count = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'musicbox-track-info-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A tagged file in a folder of its own (no sidecar of another test beside it). */
async function tagged(options: TaggedAudioOptions): Promise<string> {
  count += 1;
  const folder = join(dir, `f${count}`);
  await mkdir(folder);
  const file = join(folder, `track${KIND_EXTENSION[options.kind]}`);
  await writeTaggedAudio(file, options);
  return file;
}

const LEAD_ID = '0383dadf-2a4e-4d10-a46a-e9e041da8eb3';
const GUEST_ID = 'a74b1b7f-71a5-4011-9441-d0b5e4122711';
const LABEL_ID = 'c0b2500e-0cef-4130-869d-732b23ed9df5';

/** Everything a Picard-tagged release track carries. */
const FULL_TAGS: TrackTags = {
  title: 'Encore Song',
  album: 'Live Forever',
  artists: ['Lead feat. Guest'],
  artistsTag: ['Lead', 'Guest'],
  artistSort: ['Lead, The', 'Guest, A'],
  artistMbids: [LEAD_ID, GUEST_ID],
  albumArtists: ['Lead'],
  albumArtistSort: ['Lead, The'],
  albumArtistMbids: [LABEL_ID],
  trackNumber: 4,
  discNumber: 2,
  discTotal: 3,
  discSubtitle: 'Encore',
  compilation: true,
  replayGain: {
    trackGain: '-6.50 dB',
    trackPeak: '0.988553',
    albumGain: '-7.10 dB',
    albumPeak: '1.000000',
  },
  lyrics: 'Line one\nLine two',
};

describe('readTrackInfo: the tags of a real library', () => {
  for (const kind of ['mp3', 'flac', 'ogg', 'opus', 'm4a'] as const) {
    it(`reads every credit, disc, compilation, ReplayGain and lyrics field of ${kind}`, async () => {
      const info = await readTrackInfo(await tagged({ kind, tags: FULL_TAGS }));
      expect(info).toMatchObject({
        title: 'Encore Song',
        album: 'Live Forever',
        // The multi-value ARTISTS tag wins over the display string.
        artists: ['Lead', 'Guest'],
        artistCredits: [
          { name: 'Lead', sortName: 'Lead, The', mbid: LEAD_ID },
          { name: 'Guest', sortName: 'Guest, A', mbid: GUEST_ID },
        ],
        albumArtist: 'Lead',
        albumArtistCredits: [{ name: 'Lead', sortName: 'Lead, The', mbid: LABEL_ID }],
        compilation: true,
        trackNumber: 4,
        discNumber: 2,
        discCount: 3,
        discSubtitle: 'Encore',
        trackGain: -6.5,
        trackPeak: -0.1,
        albumGain: -7.1,
        albumPeak: 0,
        lyrics: { synced: false, lines: [{ text: 'Line one' }, { text: 'Line two' }] },
      });
      expect(info.duration).toBeGreaterThan(0.9);
    });
  }

  it('gives the empty values for a file without tags', async () => {
    const info = await readTrackInfo(await tagged({ kind: 'flac' }));
    expect(info).toMatchObject({
      title: 'track',
      artists: [],
      artistCredits: [],
      albumArtist: null,
      albumArtistCredits: [],
      compilation: false,
      discNumber: null,
      discCount: null,
      discSubtitle: null,
      trackGain: null,
      trackPeak: null,
      albumGain: null,
      albumPeak: null,
      lyrics: null,
    });
  });
});

describe('readTrackInfo: artist names are never split', () => {
  const artistsOf = async (options: TaggedAudioOptions) =>
    (await readTrackInfo(await tagged(options))).artistCredits;

  it('keeps "Simon & Garfunkel" and "AC/DC" one artist each, in every format', async () => {
    for (const kind of ['mp3', 'flac', 'ogg', 'm4a'] as const) {
      expect(await artistsOf({ kind, tags: { artists: ['Simon & Garfunkel'] } })).toEqual([
        { name: 'Simon & Garfunkel', sortName: null, mbid: null },
      ]);
      expect(await artistsOf({ kind, tags: { artists: ['AC/DC'] } })).toEqual([
        { name: 'AC/DC', sortName: null, mbid: null },
      ]);
    }
  });

  it('keeps "AC/DC" whole in ID3v2.3, where music-metadata splits TPE1 on "/"', async () => {
    const info = await readTrackInfo(
      await tagged({
        kind: 'mp3',
        id3Version: 3,
        tags: { artists: ['AC/DC'], albumArtists: ['AC/DC'] },
      }),
    );
    expect(info.artists).toEqual(['AC/DC']);
    expect(info.albumArtist).toBe('AC/DC');
  });

  it('keeps "A feat. B; C" one credit when no ARTISTS tag lists them', async () => {
    for (const kind of ['mp3', 'flac', 'm4a'] as const) {
      const credits = await artistsOf({
        kind,
        tags: { artists: ['Lead feat. Guest; Third'], artistSort: ['Lead feat. Guest; Third'] },
      });
      expect(credits).toEqual([
        { name: 'Lead feat. Guest; Third', sortName: 'Lead feat. Guest; Third', mbid: null },
      ]);
    }
  });

  it('gives two artists for two null-separated TPE1 values or two ARTIST comments', async () => {
    const two = [
      { name: 'First Voice', sortName: null, mbid: null },
      { name: 'Second Voice', sortName: null, mbid: null },
    ];
    expect(
      await artistsOf({ kind: 'mp3', tags: { artists: ['First Voice', 'Second Voice'] } }),
    ).toEqual(two);
    expect(
      await artistsOf({ kind: 'flac', tags: { artists: ['First Voice', 'Second Voice'] } }),
    ).toEqual(two);
    expect(
      await artistsOf({ kind: 'm4a', tags: { artists: ['First Voice', 'Second Voice'] } }),
    ).toEqual(two);
  });

  it('drops a repeated name whatever its case, keeping the first', async () => {
    const info = await readTrackInfo(
      await tagged({ kind: 'ogg', tags: { artists: ['Band', 'BAND', 'Other'] } }),
    );
    expect(info.artists).toEqual(['Band', 'Other']);
  });

  it('pairs sort names and ids by position only when the counts match', async () => {
    const credits = await artistsOf({
      kind: 'flac',
      tags: {
        artists: ['Lead feat. Guest'],
        artistsTag: ['Lead', 'Guest'],
        // Picard's single sort name of the display credit, and one id short.
        artistSort: ['Lead, The feat. Guest'],
        artistMbids: [LEAD_ID],
      },
    });
    expect(credits).toEqual([
      { name: 'Lead', sortName: null, mbid: null },
      { name: 'Guest', sortName: null, mbid: null },
    ]);
  });

  it('reads the album artist credit from TPE2/TSO2, ALBUMARTIST and aART', async () => {
    for (const kind of ['mp3', 'flac', 'm4a'] as const) {
      const info = await readTrackInfo(
        await tagged({
          kind,
          tags: {
            artists: ['Guest'],
            albumArtists: ['Simon & Garfunkel'],
            albumArtistSort: ['Simon & Garfunkel'],
            albumArtistMbids: [LABEL_ID],
          },
        }),
      );
      expect(info.albumArtist).toBe('Simon & Garfunkel');
      expect(info.albumArtistCredits).toEqual([
        { name: 'Simon & Garfunkel', sortName: 'Simon & Garfunkel', mbid: LABEL_ID },
      ]);
    }
  });
});

describe('readTrackInfo: discs and compilations', () => {
  it('reads a disc number without a total, and no compilation flag as false', async () => {
    const info = await readTrackInfo(await tagged({ kind: 'mp3', tags: { discNumber: 1 } }));
    expect(info).toMatchObject({ discNumber: 1, discCount: null, compilation: false });
  });

  it('reads the compilation flag of each format', async () => {
    for (const kind of ['mp3', 'flac', 'ogg', 'm4a'] as const) {
      const info = await readTrackInfo(await tagged({ kind, tags: { compilation: true } }));
      expect(info.compilation).toBe(true);
    }
  });
});
