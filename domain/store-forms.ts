import { MIN_DEPOSIT_CENTS } from './store';

/**
 * Conversions between what the store's forms show and what the wire carries (spec part 2,
 * section 5): money is typed in units with two decimals and sent as integer cents, a sale is
 * typed as a percentage and sent as a fraction.
 */

/** "12.34" or "12,34" -> 1234; null when it is not an amount with at most two decimals. */
export function unitsToCents(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{0,2}))?\s*$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** 1234 -> "12.34"; the text an amount field starts with. */
export function centsToUnits(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "20" -> 0.2; null when it is not a number from 0 to 1000 (the contract's 0..10 fraction). */
export function percentToFraction(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(?:\.\d+)?$/.test(trimmed)) return null;
  const percent = Number(trimmed);
  if (percent > 1000) return null;
  // Rounded so 7% is 0.07 and not 0.07000000000000001.
  return Math.round(percent * 100) / 10_000;
}

/** 0.2 -> "20"; the text the sale field starts with. */
export function fractionToPercent(fraction: number): string {
  return String(Math.round(fraction * 10_000) / 100);
}

/** A new product's price field starts at 5.00 (spec part 2, section 5). */
export const NEW_PRODUCT_PRICE_CENTS = 500;

/**
 * The smallest top-up: at least 1 currency unit (spec part 2, section 5) and at least the
 * legal minimum deposit.
 */
export const MIN_TOP_UP_CENTS = Math.max(100, MIN_DEPOSIT_CENTS);

/** The cents of a top-up amount, or null when it is malformed or below the minimum. */
export function topUpCents(text: string): number | null {
  const cents = unitsToCents(text);
  return cents !== null && cents >= MIN_TOP_UP_CENTS ? cents : null;
}
