import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { importFolder } from '../../server/jobs/library-import';
import { ImageStore } from '../../server/media/image-store';
import { buildRepositories } from '../../server/root/repositories';
import { perFile, setUpApp } from '../helpers/setup';
import { writeTaggedAudio, type TrackTags } from '../helpers/tagged-audio';

// Issue 46: a two-disc album whose file names sort the wrong way round (a.mp3 is disc 2).
const LONG_TITLE = '🎵'.repeat(75); // 300 bytes of 4-byte characters
const ALBUM = 'Backwards Names';
const tracks: Array<{ file: string; tags: TrackTags }> = [
  { file: 'a.mp3', tags: { title: 'Night Opens', discNumber: 2, trackNumber: 1 } },
  { file: 'b.mp3', tags: { title: 'Day Opens', discNumber: 1, trackNumber: 1 } },
  { file: 'c.mp3', tags: { title: 'AC/DC: "Live"', discNumber: 2, trackNumber: 2 } },
  { file: 'd.mp3', tags: { title: LONG_TITLE, discNumber: 1, trackNumber: 2 } },
  // No track number: disc 1 is numbered by the page's order, where untagged tracks come last.
  { file: 'e.mp3', tags: { title: 'Hidden Track', discNumber: 1 } },
];

// 197 bytes: "1-02 " and 48 emoji; a 49th would pass the 200-byte stem limit.
const LONG_NAME = `1-02 ${'🎵'.repeat(48)}`;
const PLAY_ORDER = [
  '1-01 Day Opens',
  LONG_NAME,
  '1-03 Hidden Track',
  '2-01 Night Opens',
  "2-02 AC_DC_ 'Live'",
];

const s = perFile(async () => {
  const setup = await setUpApp();
  const dir = await mkdtemp(join(tmpdir(), 'musicbox-zip-order-'));
  await mkdir(join(dir, ALBUM));
  await Promise.all(
    tracks.map((track, i) =>
      writeTaggedAudio(join(dir, ALBUM, track.file), {
        kind: 'mp3',
        frequency: 300 + i * 50,
        tags: { album: ALBUM, artists: ['Sortables'], albumArtists: ['Sortables'], ...track.tags },
      }),
    ),
  );
  await writeFile(join(dir, ALBUM, 'booklet.pdf'), '%PDF-1.4\n%%EOF\n');
  const report = await importFolder(
    buildRepositories(setup.t.db, setup.t.config.database.kind).catalogueWrite,
    new ImageStore(join(setup.t.config.dataDir, 'images')),
    dir,
    { waveforms: false },
  );
  return { ...setup, dir, report };
}, 120_000);

afterAll(async () => {
  if (s.dir) await rm(s.dir, { recursive: true, force: true });
});

interface ZipName {
  name: string;
  utf8: boolean;
}

/** The entry names of a zip, read from its central directory with yauzl. */
function zipNames(body: Buffer): Promise<ZipName[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(body, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: ZipName[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push({ name: entry.fileName, utf8: (entry.generalPurposeBitFlag & 0x800) !== 0 });
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function download(format: string): Promise<ZipName[]> {
  expect(s.report.problems).toEqual([]);
  expect(s.report.collectionIds).toHaveLength(1);
  const res = await s.admin.get(
    `/downloader/collection/${s.report.collectionIds[0]}?format=${format}`,
  );
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''Backwards%20Names.zip`);
  return zipNames(res.rawPayload);
}

const sorted = (names: string[]): string[] => [...names].sort();

describe('the zip of a two-disc album', () => {
  it('names tracks so that alphabetical order is the play order', async () => {
    const entries = await download('original');
    const names = entries.map((e) => e.name);
    expect(sorted(names)).toEqual([...PLAY_ORDER.map((n) => `${n}.mp3`), 'booklet.pdf']);
    // The zip itself lists them in play order too, companions last.
    expect(names).toEqual(sorted(names));
  });

  it('keeps names safe: no separators, bounded in bytes, whole characters, UTF-8 flagged', async () => {
    const entries = await download('original');
    for (const { name, utf8 } of entries) {
      expect(name).not.toMatch(/[/\\:*?"<>|\p{Cc}]/u);
      expect(name.startsWith('.')).toBe(false);
      expect(name).not.toContain('\ufffd');
      expect(Buffer.byteLength(name.replace(/\.[^.]+$/, ''))).toBeLessThanOrEqual(200);
      if (/[^\x20-\x7e]/.test(name)) expect(utf8).toBe(true);
    }
    const long = entries.find((e) => e.name.startsWith('1-02 '));
    expect(long?.name).toBe(`${LONG_NAME}.mp3`);
    expect(Buffer.byteLength(LONG_NAME)).toBe(197);
  });

  it('names transcoded tracks the same way, with the format’s extension', async () => {
    const names = (await download('OGG')).map((e) => e.name);
    expect(sorted(names)).toEqual([...PLAY_ORDER.map((n) => `${n}.ogg`), 'booklet.pdf']);
  });
});
