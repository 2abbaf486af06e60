import { describe, expect, it } from 'vitest';
import { isDue, periodStart } from './schedule';

const at = (iso: string) => new Date(iso);

describe('periodStart', () => {
  it('is midnight, Monday midnight or the 1st (UTC), and null when off', () => {
    const now = at('2026-11-22T15:30:00Z'); // a Sunday
    expect(periodStart('off', now)).toBeNull();
    expect(periodStart('daily', now)?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(periodStart('weekly', now)?.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(periodStart('monthly', now)?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(periodStart('weekly', at('2026-11-23T00:00:00Z'))?.toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
  });
});

describe('isDue', () => {
  it('is due once per period, never when off or never started', () => {
    const now = at('2026-11-22T15:30:00Z');
    expect(isDue('daily', '2026-11-21T23:59:59.000Z', now)).toBe(true);
    expect(isDue('daily', '2026-11-22T00:00:00.000Z', now)).toBe(false);
    expect(isDue('weekly', '2026-11-17T10:00:00.000Z', now)).toBe(false);
    expect(isDue('monthly', '2026-10-31T10:00:00.000Z', now)).toBe(true);
    expect(isDue('off', '2020-01-01T00:00:00.000Z', now)).toBe(false);
    expect(isDue('daily', null, now)).toBe(false);
  });
});
