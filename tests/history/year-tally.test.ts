import { describe, expect, it } from 'vitest';
import { dayFigures, topOf } from '../../server/modules/history/year-tally';

describe("a year's tally", () => {
  it('ranks by plays, then name, then id, naming only what can make the list', async () => {
    const counts = new Map([
      [1, 5],
      [2, 3],
      [3, 3],
      [4, 3],
      [5, 1],
      [6, 1],
    ]);
    const asked: number[][] = [];
    const names = new Map([
      [1, 'Zed'],
      [2, 'beta'],
      [3, 'Alpha'],
      [4, 'Alpha'],
    ]);
    const top = await topOf(counts, 2, (keys) => {
      asked.push([...keys].sort());
      return Promise.resolve(names);
    });
    expect(top).toEqual([
      { id: 1, name: 'Zed', plays: 5 },
      { id: 3, name: 'Alpha', plays: 3 },
    ]);
    // The tail (1 play each) was never looked up; every tie at the edge was.
    expect(asked).toEqual([[1, 2, 3, 4]]);
    expect(await topOf(new Map<string, number>(), 10, () => Promise.resolve(new Map()))).toEqual(
      [],
    );
  });

  it('sums days into totals and months, the busiest day the earliest of equals', () => {
    const figures = dayFigures([
      { date: '2026-03-02', plays: 4, ms: 1000 },
      { date: '2026-01-05', plays: 4, ms: 500 },
      { date: '2026-01-06', plays: 1, ms: 20 },
      { date: '2026-12-31', plays: 2, ms: 7 },
    ]);
    expect(figures.plays).toBe(11);
    expect(figures.ms).toBe(1527);
    expect(figures.byMonth).toEqual([5, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(figures.busiestDay).toEqual({ date: '2026-01-05', plays: 4 });
    expect(dayFigures([]).busiestDay).toBeNull();
  });
});
