import { describe, expect, it } from 'vitest';
import { foldText, queryWords } from './search-text';

describe('foldText', () => {
  it('drops case and accents', () => {
    expect(foldText('Björk — Homogénic')).toBe('bjork homogenic');
    expect(foldText('  MÖTLEY Crüe ')).toBe('motley crue');
  });
  it('turns punctuation into single spaces', () => {
    expect(foldText("Don't Stop/Me_Now!")).toBe('don t stop me now');
  });
});

describe('queryWords', () => {
  it('splits, folds and de-duplicates', () => {
    expect(queryWords('Deep deep HOUSÉ')).toEqual(['deep', 'house']);
    expect(queryWords('   ')).toEqual([]);
  });
});
