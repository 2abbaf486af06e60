import { describe, expect, it } from 'vitest';
import {
  bytesPerSecondToKbps,
  kbpsToBytesPerSecond,
  limitToText,
  parseOptionalLimit,
  parseTagList,
} from './admin-forms';

describe('the role speed limit', () => {
  it('is typed in kbps and sent x1000 as bytes per second', () => {
    expect(kbpsToBytesPerSecond('256')).toEqual({ ok: true, value: 256000 });
    expect(kbpsToBytesPerSecond(' 1 ')).toEqual({ ok: true, value: 1000 });
  });

  it('is unset (unthrottled) when left empty', () => {
    expect(kbpsToBytesPerSecond('')).toEqual({ ok: true, value: null });
    expect(kbpsToBytesPerSecond('   ')).toEqual({ ok: true, value: null });
  });

  it('refuses what is not a whole number of kbps', () => {
    for (const text of ['-5', '1.5', 'fast', '1e3']) {
      expect(kbpsToBytesPerSecond(text)).toEqual({ ok: false });
    }
  });

  it('is shown back in kbps', () => {
    expect(bytesPerSecondToKbps(256000)).toBe('256');
    expect(bytesPerSecondToKbps(null)).toBe('');
  });
});

describe('a download or request limit', () => {
  it('is unset (unlimited) when empty and a whole number otherwise', () => {
    expect(parseOptionalLimit('')).toEqual({ ok: true, value: null });
    expect(parseOptionalLimit('0')).toEqual({ ok: true, value: 0 });
    expect(parseOptionalLimit('50')).toEqual({ ok: true, value: 50 });
    expect(parseOptionalLimit('-1')).toEqual({ ok: false });
    expect(limitToText(null)).toBe('');
    expect(limitToText(50)).toBe('50');
  });
});

describe('a tag list', () => {
  it('is comma-separated, trimmed, without blanks or repeats', () => {
    expect(parseTagList(' New, Club,, New ,')).toEqual(['New', 'Club']);
    expect(parseTagList('')).toEqual([]);
  });
});
