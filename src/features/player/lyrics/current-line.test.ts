import { describe, expect, it } from 'vitest';
import type { LyricsLine } from '../../../../domain/lyrics';
import { currentLineIndex, mayFollow, USER_SCROLL_HOLD_MS } from './current-line';

const lines: LyricsLine[] = [
  { startMs: 1000, text: 'one' },
  { startMs: 4000, text: 'two' },
  { startMs: 4000, text: 'two again' },
  { startMs: 9500, text: 'three' },
];

describe('the current line of synced lyrics', () => {
  it('is none before the first line starts', () => {
    expect(currentLineIndex(lines, 0)).toBe(-1);
    expect(currentLineIndex(lines, 999)).toBe(-1);
  });

  it('is the last line whose start is at or before the position', () => {
    expect(currentLineIndex(lines, 1000)).toBe(0);
    expect(currentLineIndex(lines, 3999)).toBe(0);
    // Two lines starting together: the later one is current.
    expect(currentLineIndex(lines, 4000)).toBe(2);
    expect(currentLineIndex(lines, 9000)).toBe(2);
  });

  it('stays on the last line until the end', () => {
    expect(currentLineIndex(lines, 9500)).toBe(3);
    expect(currentLineIndex(lines, 3_600_000)).toBe(3);
  });

  it('is none for no lines, and ignores lines without a start', () => {
    expect(currentLineIndex([], 5000)).toBe(-1);
    expect(currentLineIndex([{ text: 'plain' }], 5000)).toBe(-1);
  });

  it('finds the line among many', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ startMs: i * 100, text: `${i}` }));
    expect(currentLineIndex(many, 123_456)).toBe(1234);
  });
});

describe('following the current line', () => {
  it('waits a few seconds after the reader scrolled', () => {
    expect(mayFollow(0, 10_000)).toBe(true);
    expect(mayFollow(10_000, 10_000 + USER_SCROLL_HOLD_MS - 1)).toBe(false);
    expect(mayFollow(10_000, 10_000 + USER_SCROLL_HOLD_MS)).toBe(true);
  });
});
