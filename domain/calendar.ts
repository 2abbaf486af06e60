/**
 * The release-date pop-up's calendar (spec part 1, sections 2 and 9): month grids starting on
 * Monday, a year view of 20 years, and picking a range in two clicks. Days are YYYY-MM-DD
 * text, the same form the filter and the search call use.
 */

export const YEAR_GRID_SIZE = 20;

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(year: number, month: number, day: number): string {
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}

/** The weeks of a month (month 0-11), Monday first; days of other months are null. */
export function monthGrid(year: number, month: number): Array<Array<string | null>> {
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  // getUTCDay: 0 is Sunday; shift so Monday is column 0.
  const lead = (new Date(Date.UTC(year, month, 1)).getUTCDay() + 6) % 7;
  const cells: Array<string | null> = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => isoDay(year, month, i + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The 20 years shown around `year`, in blocks that start at a multiple of 20. */
export function yearGrid(year: number): number[] {
  const start = year - (((year % YEAR_GRID_SIZE) + YEAR_GRID_SIZE) % YEAR_GRID_SIZE);
  return Array.from({ length: YEAR_GRID_SIZE }, (_, i) => start + i);
}

/** One month later (or earlier with -1), across year ends. */
export function shiftMonth(
  year: number,
  month: number,
  by: number,
): { year: number; month: number } {
  const index = year * 12 + month + by;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

export interface DayRange {
  from: string;
  /** Empty while the second day is still to be picked. */
  to: string;
}

/**
 * Picking a range in two clicks: the first click starts a new range on that day, the second
 * closes it (the earlier day becomes the start, whichever was clicked first).
 */
export function pickDay(range: DayRange, day: string, closing: boolean): DayRange {
  if (!closing) return { from: day, to: '' };
  return day < range.from ? { from: day, to: range.from } : { from: range.from, to: day };
}

export function inRange(day: string, { from, to }: DayRange): boolean {
  return to !== '' && day >= from && day <= to;
}
