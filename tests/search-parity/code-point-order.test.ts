import { describe, expect, it } from 'vitest';
import { byCodePoint } from '../../domain/search-text';

describe('byCodePoint', () => {
  it('orders as UTF-8 bytes do (SQLite BINARY, PostgreSQL "C"), beyond U+FFFF too', () => {
    const values = ['ｚ', '😀', 'z', 'é', 'a', 'ab', '坂本', '', '\uFFFD', '𝄞'];
    const byBytes = [...values].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...values].sort(byCodePoint)).toEqual(byBytes);
    // UTF-16 order, the default sort, puts the emoji (a surrogate pair) before U+FF5A.
    expect([...values].sort()).not.toEqual(byBytes);
  });

  it('answers 0 for equal strings and orders a prefix first', () => {
    expect(byCodePoint('abc', 'abc')).toBe(0);
    expect(byCodePoint('ab', 'abc')).toBeLessThan(0);
    expect(byCodePoint('b', 'abc')).toBeGreaterThan(0);
  });
});
