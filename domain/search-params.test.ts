import { describe, expect, it } from 'vitest';
import { optionalInt, optionalText } from './search-params';

describe('optionalText', () => {
  it('keeps text and turns numbers the router parsed back into text', () => {
    expect(optionalText('abc')).toBe('abc');
    expect(optionalText('')).toBe('');
    expect(optionalText(123)).toBe('123');
    expect(optionalText(true)).toBe('true');
  });

  it('reads missing or structured values as absent', () => {
    expect(optionalText(undefined)).toBeUndefined();
    expect(optionalText(null)).toBeUndefined();
    expect(optionalText({ a: 1 })).toBeUndefined();
    expect(optionalText(['a'])).toBeUndefined();
    expect(optionalText(Number.NaN)).toBeUndefined();
  });
});

describe('optionalInt', () => {
  it('reads whole numbers given as numbers or text', () => {
    expect(optionalInt(1)).toBe(1);
    expect(optionalInt('1')).toBe(1);
    expect(optionalInt(' 42 ')).toBe(42);
    expect(optionalInt(0)).toBe(0);
  });

  it('reads fractions, text and missing values as absent', () => {
    expect(optionalInt(1.5)).toBeUndefined();
    expect(optionalInt('abc')).toBeUndefined();
    expect(optionalInt('')).toBeUndefined();
    expect(optionalInt(undefined)).toBeUndefined();
    expect(optionalInt(null)).toBeUndefined();
    expect(optionalInt(true)).toBeUndefined();
  });
});
