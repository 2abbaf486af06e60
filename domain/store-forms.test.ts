import { describe, expect, it } from 'vitest';
import {
  centsToUnits,
  fractionToPercent,
  MIN_TOP_UP_CENTS,
  percentToFraction,
  topUpCents,
  unitsToCents,
} from './store-forms';
import { MIN_DEPOSIT_CENTS } from './store';

describe('unitsToCents', () => {
  it('sends an amount typed in units as cents', () => {
    expect(unitsToCents('12.34')).toBe(1234);
    expect(unitsToCents('7.99')).toBe(799);
    expect(unitsToCents('10')).toBe(1000);
    expect(unitsToCents('0.5')).toBe(50);
    expect(unitsToCents('3,05')).toBe(305);
    expect(unitsToCents('4.')).toBe(400);
  });

  it('refuses more than two decimals, signs and words', () => {
    expect(unitsToCents('1.234')).toBeNull();
    expect(unitsToCents('-1')).toBeNull();
    expect(unitsToCents('')).toBeNull();
    expect(unitsToCents('ten')).toBeNull();
    expect(unitsToCents('1e3')).toBeNull();
  });

  it('does not lose a cent to floating point', () => {
    expect(unitsToCents('1.15')).toBe(115);
    expect(unitsToCents('4.35')).toBe(435);
  });
});

describe('centsToUnits', () => {
  it('shows cents in units with two decimals', () => {
    expect(centsToUnits(500)).toBe('5.00');
    expect(centsToUnits(1234)).toBe('12.34');
    expect(centsToUnits(0)).toBe('0.00');
  });
});

describe('percentToFraction and fractionToPercent', () => {
  it('sends a sale typed as a percentage as a fraction', () => {
    expect(percentToFraction('20')).toBe(0.2);
    expect(percentToFraction('7')).toBe(0.07);
    expect(percentToFraction('0')).toBe(0);
    expect(percentToFraction('12.5')).toBe(0.125);
  });

  it('refuses negatives, words and more than the contract allows', () => {
    expect(percentToFraction('-5')).toBeNull();
    expect(percentToFraction('abc')).toBeNull();
    expect(percentToFraction('')).toBeNull();
    expect(percentToFraction('1001')).toBeNull();
  });

  it('shows a stored fraction as a percentage', () => {
    expect(fractionToPercent(0.2)).toBe('20');
    expect(fractionToPercent(0.07)).toBe('7');
    expect(fractionToPercent(0.125)).toBe('12.5');
  });
});

describe('topUpCents', () => {
  it('takes the larger of 1.00 and the legal minimum deposit as the minimum', () => {
    expect(MIN_TOP_UP_CENTS).toBe(Math.max(100, MIN_DEPOSIT_CENTS));
  });

  it('refuses an amount below the minimum and accepts the minimum itself', () => {
    expect(topUpCents('0.99')).toBeNull();
    expect(topUpCents(centsToUnits(MIN_TOP_UP_CENTS - 1))).toBeNull();
    expect(topUpCents(centsToUnits(MIN_TOP_UP_CENTS))).toBe(MIN_TOP_UP_CENTS);
  });

  it('sends 10.00 as 1000', () => {
    expect(topUpCents('10.00')).toBe(1000);
  });
});
