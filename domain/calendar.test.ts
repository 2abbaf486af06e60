import { describe, expect, it } from 'vitest';
import { inRange, monthGrid, pickDay, shiftMonth, yearGrid, YEAR_GRID_SIZE } from './calendar';

describe('monthGrid', () => {
  it('lays a month out in weeks starting on Monday', () => {
    // 1 November 2026 is a Sunday: six empty cells before it.
    const weeks = monthGrid(2026, 10);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.at(-1)?.[0]).toBe('2026-11-30');
  });

  it('knows leap years', () => {
    expect(monthGrid(2024, 1).flat().filter(Boolean).at(-1)).toBe('2024-02-29');
    expect(monthGrid(2026, 1).flat().filter(Boolean).at(-1)).toBe('2026-02-28');
  });
});

describe('yearGrid', () => {
  it('shows 20 years in a block starting at a multiple of 20', () => {
    const years = yearGrid(2026);
    expect(years).toHaveLength(YEAR_GRID_SIZE);
    expect(years[0]).toBe(2020);
    expect(years.at(-1)).toBe(2039);
    expect(yearGrid(1900)[0]).toBe(1900);
  });
});

describe('shiftMonth', () => {
  it('crosses year ends both ways', () => {
    expect(shiftMonth(2026, 11, 1)).toEqual({ year: 2027, month: 0 });
    expect(shiftMonth(2026, 0, -1)).toEqual({ year: 2025, month: 11 });
    expect(shiftMonth(2026, 5, 0)).toEqual({ year: 2026, month: 5 });
  });
});

describe('pickDay', () => {
  it('starts a range on the first click and closes it on the second', () => {
    const started = pickDay({ from: '1900-01-01', to: '' }, '2026-11-05', false);
    expect(started).toEqual({ from: '2026-11-05', to: '' });
    expect(pickDay(started, '2026-11-20', true)).toEqual({ from: '2026-11-05', to: '2026-11-20' });
  });

  it('puts the earlier day first whatever the order of clicks', () => {
    expect(pickDay({ from: '2026-11-20', to: '' }, '2026-11-05', true)).toEqual({
      from: '2026-11-05',
      to: '2026-11-20',
    });
  });

  it('marks the days inside a closed range only', () => {
    const range = { from: '2026-11-05', to: '2026-11-20' };
    expect(inRange('2026-11-05', range)).toBe(true);
    expect(inRange('2026-11-12', range)).toBe(true);
    expect(inRange('2026-11-21', range)).toBe(false);
    expect(inRange('2026-11-12', { from: '2026-11-05', to: '' })).toBe(false);
  });
});
