import { describe, expect, it } from 'vitest';
import { CalendarDateSchema } from './date-schema';
import { isCalendarDate } from './dates';

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '1999-12-31', '2025-01-01', '0001-01-01'])(
    'accepts %s',
    (day) => expect(isCalendarDate(day)).toBe(true),
  );
  it.each([
    '2024-13-45',
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-00-10',
    '2024-01-00',
    '2024-1-01',
    '20240101',
    '2024-01-01T00:00:00Z',
    ' 2024-01-01',
    '',
  ])('refuses %j', (day) => expect(isCalendarDate(day)).toBe(false));
});

describe('CalendarDateSchema', () => {
  it('names the rule in its message', () => {
    const result = CalendarDateSchema.safeParse('2024-13-45');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'must be a real calendar date written YYYY-MM-DD',
    );
  });
});
