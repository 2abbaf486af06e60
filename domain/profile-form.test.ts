import { describe, expect, it } from 'vitest';
import { genderLabel, parseAge, parseCount } from './profile-form';

describe('genderLabel', () => {
  it.each([
    [0.5, 'Unspecified'],
    [0.52, 'Unspecified'],
    [0.48, 'Unspecified'],
    [0.47, 'Femine'],
    [0, 'Femine'],
    [0.53, 'Manly'],
    [1, 'Manly'],
  ])('%s is %s', (value, label) => {
    expect(genderLabel(value)).toBe(label);
  });
});

describe('parseAge', () => {
  it('accepts 0 to 128 and empty', () => {
    expect(parseAge('0')).toEqual({ ok: true, value: 0 });
    expect(parseAge('128')).toEqual({ ok: true, value: 128 });
    expect(parseAge(' ')).toEqual({ ok: true, value: null });
  });
  it.each(['129', '-1', '1.5', 'ten'])('refuses %s', (text) => {
    expect(parseAge(text).ok).toBe(false);
  });
});

describe('parseCount', () => {
  it('reads empty as unlimited and refuses negatives', () => {
    expect(parseCount('')).toEqual({ ok: true, value: null });
    expect(parseCount('7')).toEqual({ ok: true, value: 7 });
    expect(parseCount('-1').ok).toBe(false);
  });
});
