import { describe, expect, it } from 'vitest';
import { ArchiveNames, MAX_STEM_BYTES, cutToBytes } from '../../server/media/archive-names';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('zip entry names (issue 46)', () => {
  it('replaces separators and Windows-reserved characters, drops controls and bidi overrides', () => {
    const names = new ArchiveNames();
    expect(names.claim('AC/DC: "Live" <at> the\\Hall?*|', 'mp3')).toBe(
      "AC_DC_ 'Live' _at_ the_Hall___.mp3",
    );
    expect(names.claim('Tab\there\u0000\u0085 evil\u202Egpj.exe', 'flac')).toBe(
      'Tab here evilgpj.exe.flac',
    );
  });

  it('strips leading dots and trailing dots or spaces, and avoids device names', () => {
    const names = new ArchiveNames();
    expect(names.claim('..hidden. ', 'txt')).toBe('hidden.txt');
    expect(names.claim('CON', 'txt')).toBe('CON_.txt');
    expect(names.claim('  ', '', 'fallback')).toBe('fallback');
    expect(names.claim('..', 'p/d\\f')).toBe('file.pdf');
  });

  it('cuts by UTF-8 bytes without splitting a character or a grapheme', () => {
    expect(cutToBytes('aé', 2)).toBe('a');
    expect(cutToBytes('👨‍👩‍👧x', 17)).toBe('');
    expect(cutToBytes('e\u0301e\u0301', 4)).toBe('e\u0301');
    const names = new ArchiveNames();
    const long = names.claim('音'.repeat(100), 'flac');
    expect(long).toBe(`${'音'.repeat(66)}.flac`);
    expect(bytes(long.replace(/\.flac$/, ''))).toBeLessThanOrEqual(MAX_STEM_BYTES);
  });

  it('makes duplicates unique, case-insensitively, within the byte limit', () => {
    const names = new ArchiveNames();
    expect(names.claim('cover', 'jpg')).toBe('cover.jpg');
    expect(names.claim('Cover', 'JPG')).toBe('Cover (2).JPG');
    expect(names.claim('cover', 'jpg')).toBe('cover (3).jpg');
    const first = names.claim('é'.repeat(150), 'mp3');
    const second = names.claim('é'.repeat(150), 'mp3');
    expect(first).toBe(`${'é'.repeat(100)}.mp3`);
    expect(second).toBe(`${'é'.repeat(98)} (2).mp3`);
    expect(bytes(second.replace(/\.mp3$/, ''))).toBeLessThanOrEqual(MAX_STEM_BYTES);
  });
});
