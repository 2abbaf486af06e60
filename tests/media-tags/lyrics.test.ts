import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrackInfo } from '../../server/media/audio-tags';
import {
  decodeLyricsBytes,
  findLyricsSidecar,
  MAX_SIDECAR_BYTES,
  readLyricsFile,
} from '../../server/media/lyrics-files';
import { KIND_EXTENSION, writeTaggedAudio, type TaggedAudioOptions } from '../helpers/tagged-audio';

let dir: string;
let count = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'musicbox-lyrics-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A tagged "01 Song" in a folder of its own, with the given sidecar files beside it written
 * first (folder listings are cached for a moment, so a folder is never changed after a read).
 */
async function song(
  options: TaggedAudioOptions,
  sidecars: Record<string, Buffer | string> = {},
): Promise<string> {
  count += 1;
  const folder = join(dir, `s${count}`);
  await mkdir(folder);
  for (const [name, bytes] of Object.entries(sidecars)) await writeFile(join(folder, name), bytes);
  const file = join(folder, `01 Song${KIND_EXTENSION[options.kind]}`);
  await writeTaggedAudio(file, options);
  return file;
}

const lyricsOf = async (options: TaggedAudioOptions, sidecars?: Record<string, Buffer | string>) =>
  (await readTrackInfo(await song(options, sidecars))).lyrics;

const PLAIN = { synced: false, lines: [{ text: 'Line one' }, { text: 'Line two' }] };
const LRC = '[ar:Someone]\n[00:01.00]First\n[00:02.50]Second\n';
const SYNCED = {
  synced: true,
  lines: [
    { startMs: 1000, text: 'First' },
    { startMs: 2500, text: 'Second' },
  ],
};

const bom = (bytes: number[], body: Buffer) => Buffer.concat([Buffer.from(bytes), body]);
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('embedded lyrics', () => {
  it('reads USLT as plain lines, and as synced when its text is LRC', async () => {
    expect(await lyricsOf({ kind: 'mp3', tags: { lyrics: 'Line one\nLine two' } })).toEqual(PLAIN);
    expect(await lyricsOf({ kind: 'mp3', tags: { lyrics: LRC } })).toEqual(SYNCED);
  });

  it('reads SYLT in milliseconds as synced lines, before a USLT', async () => {
    const lyrics = await lyricsOf({
      kind: 'mp3',
      tags: {
        lyrics: 'Unsynced words',
        syncedLyrics: [
          { text: 'Second', ms: 2500 },
          { text: 'First', ms: 1000 },
        ],
      },
    });
    expect(lyrics).toEqual(SYNCED);
  });

  it('skips a SYLT timed in MPEG frames', async () => {
    const lyrics = await lyricsOf({
      kind: 'mp3',
      tags: { frameTimedLyrics: [{ text: 'Frame words', frame: 40 }] },
    });
    expect(lyrics).toBeNull();
  });

  it('reads the Vorbis LYRICS and UNSYNCEDLYRICS comments', async () => {
    expect(await lyricsOf({ kind: 'flac', tags: { lyrics: 'Line one\nLine two' } })).toEqual(PLAIN);
    expect(
      await lyricsOf({ kind: 'ogg', tags: { unsyncedLyrics: 'Line one\r\nLine two' } }),
    ).toEqual(PLAIN);
    expect(await lyricsOf({ kind: 'opus', tags: { lyrics: LRC } })).toEqual(SYNCED);
  });

  it('reads the MP4 ©lyr atom', async () => {
    expect(await lyricsOf({ kind: 'm4a', tags: { lyrics: 'Line one\nLine two' } })).toEqual(PLAIN);
  });

  it('gives null for no lyrics or blank ones', async () => {
    expect(await lyricsOf({ kind: 'mp3', tags: { title: 'Quiet' } })).toBeNull();
    expect(await lyricsOf({ kind: 'flac', tags: { lyrics: ' \n\n ' } })).toBeNull();
  });
});

describe('sidecar lyrics', () => {
  it('wins over the embedded lyrics, matched by name whatever its case', async () => {
    const lyrics = await lyricsOf(
      { kind: 'mp3', tags: { lyrics: 'Embedded words' } },
      { '01 song.LRC': LRC },
    );
    expect(lyrics).toEqual(SYNCED);
  });

  it('takes the .lrc before the .txt, and a .txt when alone', async () => {
    expect(
      await lyricsOf({ kind: 'flac' }, { '01 Song.txt': 'Line one\nLine two', '01 Song.lrc': LRC }),
    ).toEqual(SYNCED);
    expect(await lyricsOf({ kind: 'flac' }, { '01 Song.txt': 'Line one\nLine two' })).toEqual(
      PLAIN,
    );
  });

  it('ignores sidecars of other tracks', async () => {
    expect(
      await lyricsOf({ kind: 'flac' }, { '02 Song.lrc': LRC, '01 Song (live).lrc': LRC }),
    ).toBeNull();
  });

  it('decodes UTF-16 LE and BE and UTF-8 by their byte-order mark', async () => {
    const text = '[00:01.00]Ünïcödé\n[00:02.50]日本語\n';
    const expected = {
      synced: true,
      lines: [
        { startMs: 1000, text: 'Ünïcödé' },
        { startMs: 2500, text: '日本語' },
      ],
    };
    const encodings = [
      bom([0xff, 0xfe], Buffer.from(text, 'utf16le')),
      bom([0xfe, 0xff], utf16be(text)),
      bom([0xef, 0xbb, 0xbf], Buffer.from(text, 'utf8')),
      Buffer.from(text, 'utf8'),
    ];
    for (const bytes of encodings) {
      expect(await lyricsOf({ kind: 'ogg' }, { '01 Song.lrc': bytes })).toEqual(expected);
    }
  });

  it('reads bytes that are not UTF-8 as latin1', () => {
    expect(decodeLyricsBytes(Buffer.from('Caf\xe9 cr\xe8me', 'latin1'))).toBe('Café crème');
  });

  it('applies the LRC offset', async () => {
    const lyrics = await lyricsOf(
      { kind: 'mp3' },
      { '01 Song.lrc': '[offset:+250]\n[00:01.00]Early\n' },
    );
    expect(lyrics).toEqual({ synced: true, lines: [{ startMs: 750, text: 'Early' }] });
  });

  it('falls back to the embedded lyrics when the sidecar is blank or too big', async () => {
    expect(
      await lyricsOf(
        { kind: 'mp3', tags: { lyrics: 'Line one\nLine two' } },
        { '01 Song.lrc': '\n \n' },
      ),
    ).toEqual(PLAIN);
    const big = Buffer.alloc(MAX_SIDECAR_BYTES + 1, 'a');
    const file = await song({ kind: 'flac' }, { '01 Song.txt': big });
    expect(await findLyricsSidecar(file)).toBe(join(file, '..', '01 Song.txt'));
    expect(await readLyricsFile(join(file, '..', '01 Song.txt'))).toBeNull();
    expect((await readTrackInfo(file)).lyrics).toBeNull();
  });
});
