import { describe, expect, it } from 'vitest';
import { columnsFor, computeRowWindow } from './windowing';

describe('list windowing', () => {
  it('renders only the rows in view plus the overscan', () => {
    const w = computeRowWindow({
      rowCount: 10_000,
      rowHeight: 100,
      offset: 50_000,
      viewportHeight: 800,
      overscan: 3,
    });
    expect(w).toEqual({ start: 497, end: 511, padTop: 49_700, padBottom: (10_000 - 511) * 100 });
  });

  it('starts at the top while the list is below the fold', () => {
    const w = computeRowWindow({
      rowCount: 5,
      rowHeight: 100,
      offset: -300,
      viewportHeight: 800,
      overscan: 2,
    });
    expect(w).toEqual({ start: 0, end: 5, padTop: 0, padBottom: 0 });
  });

  it('handles an empty list and the end of the list', () => {
    expect(
      computeRowWindow({ rowCount: 0, rowHeight: 80, offset: 0, viewportHeight: 500, overscan: 2 }),
    ).toEqual({ start: 0, end: 0, padTop: 0, padBottom: 0 });
    const w = computeRowWindow({
      rowCount: 20,
      rowHeight: 100,
      offset: 5_000,
      viewportHeight: 800,
      overscan: 2,
    });
    expect(w.end).toBe(20);
    expect(w.start).toBeLessThanOrEqual(20);
  });

  it('fits columns to the width', () => {
    expect(columnsFor(360, 300, 12)).toBe(1);
    expect(columnsFor(1280, 300, 12)).toBe(4);
    expect(columnsFor(0, 300, 12)).toBe(1);
  });
});
