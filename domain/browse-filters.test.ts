import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DATE_FROM,
  activeFilterCount,
  addressKey,
  canLoadMore,
  categoryTags,
  clampBpmRange,
  datePresetRange,
  defaultFilters,
  filterOptions,
  filtersFromAddress,
  isBpmActive,
  isEmptyAddress,
  isIsoDay,
  maskIsoDay,
  toSearchFilter,
  toggleValue,
} from './browse-filters';

describe('load more on /browse', () => {
  it('appears only when the loaded count is a non-zero multiple of 50', () => {
    expect(canLoadMore(0)).toBe(false);
    expect(canLoadMore(7)).toBe(false);
    expect(canLoadMore(14)).toBe(false);
    expect(canLoadMore(50)).toBe(true);
    expect(canLoadMore(99)).toBe(false);
    expect(canLoadMore(100)).toBe(true);
  });
});

describe('BPM filter', () => {
  it('counts as active only when narrowed below 30..300', () => {
    expect(isBpmActive(30, 300)).toBe(false);
    expect(isBpmActive(31, 300)).toBe(true);
    expect(isBpmActive(30, 299)).toBe(true);
  });

  it('clamps typed bounds into 30..300 and orders them', () => {
    expect(clampBpmRange(10, 400)).toEqual({ from: 30, to: 300 });
    expect(clampBpmRange(140, 100)).toEqual({ from: 100, to: 140 });
    expect(clampBpmRange(Number.NaN, 120)).toEqual({ from: 30, to: 120 });
  });
});

describe('release date filter', () => {
  it('masks typing into YYYY-MM-DD', () => {
    expect(maskIsoDay('2024')).toBe('2024');
    expect(maskIsoDay('20240')).toBe('2024-0');
    expect(maskIsoDay('20240131')).toBe('2024-01-31');
    expect(maskIsoDay('2024-01-31-99')).toBe('2024-01-31');
    expect(maskIsoDay('ab12')).toBe('12');
  });

  it('accepts only real days', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2023-02-29')).toBe(false);
    expect(isIsoDay('2024-13-01')).toBe(false);
    expect(isIsoDay('2024-1-01')).toBe(false);
  });

  it('computes the presets from the local day', () => {
    const today = new Date(2025, 2, 10, 15, 30);
    expect(datePresetRange('today', today)).toEqual({ from: '2025-03-10', to: '2025-03-10' });
    expect(datePresetRange('last7', today)).toEqual({ from: '2025-03-03', to: '2025-03-10' });
    expect(datePresetRange('last30', today)).toEqual({ from: '2025-02-08', to: '2025-03-10' });
  });

  it('defaults to from 1900-01-01 and leaves the range out of the search', () => {
    const filters = defaultFilters();
    expect(filters.dateFrom).toBe('1900-01-01');
    expect(toSearchFilter(filters)).not.toHaveProperty('dateFrom');
    expect(toSearchFilter(filters)).not.toHaveProperty('bpmFrom');
  });
});

describe('the search call', () => {
  it('carries narrowed ranges, lists and the page offset', () => {
    const filters = {
      ...defaultFilters(['Jazz']),
      query: 'blue',
      dateFrom: '2020-01-01',
      dateTo: '2021-01-01',
      bpmFrom: 100,
      bpmTo: 120,
    };
    expect(toSearchFilter(filters, 50)).toEqual({
      query: 'blue',
      offset: 50,
      limit: 50,
      genres: ['Jazz'],
      tags: [],
      labels: [],
      artists: [],
      dateFrom: '2020-01-01',
      dateTo: '2021-01-01',
      bpmFrom: 100,
      bpmTo: 120,
    });
  });
});

describe('filters from the address', () => {
  it('reads query, artist, label, genre, releaseDate and tag', () => {
    const f = filtersFromAddress({
      query: ' night ',
      artist: 'Mira Vale',
      label: 'Copper Tape',
      genre: 'Techno',
      releaseDate: '2025-06-20',
      tag: 'Club',
    });
    expect(f).toMatchObject({
      query: 'night',
      artists: ['Mira Vale'],
      labels: ['Copper Tape'],
      genres: ['Techno'],
      tags: ['Club'],
      dateFrom: '2025-06-20',
      dateTo: '2025-06-20',
    });
  });

  it('defaults the genres to the saved ones unless the address names one', () => {
    expect(filtersFromAddress({}, ['Jazz']).genres).toEqual(['Jazz']);
    expect(filtersFromAddress({ genre: 'Rock' }, ['Jazz']).genres).toEqual(['Rock']);
  });

  it('reads the pop-up filters: plural keys win over link keys, an empty list over defaults', () => {
    const f = filtersFromAddress(
      {
        artist: 'Old',
        artists: ['A', 'B'],
        genres: [],
        from: '2024-01-01',
        to: '2024-12-31',
        bpm: '90-130',
      },
      ['Jazz'],
    );
    expect(f).toMatchObject({
      artists: ['A', 'B'],
      genres: [],
      dateFrom: '2024-01-01',
      dateTo: '2024-12-31',
      bpmFrom: 90,
      bpmTo: 130,
    });
  });

  it('ignores impossible dates and BPM ranges in a hand-edited address', () => {
    const f = filtersFromAddress({ from: '2024-02-30', bpm: '10-999' });
    expect(f).toMatchObject({ dateFrom: DEFAULT_DATE_FROM, dateTo: '', bpmFrom: 30, bpmTo: 300 });
    expect(filtersFromAddress({ bpm: 'fast' }).bpmFrom).toBe(30);
  });

  it('compares addresses by their filter keys only', () => {
    expect(addressKey({ query: 'a' })).toBe(addressKey({ query: 'a', external: undefined }));
    expect(addressKey({ query: 'a' })).not.toBe(addressKey({ query: 'b' }));
    expect(isEmptyAddress({})).toBe(true);
    expect(isEmptyAddress({ tag: 'New' })).toBe(false);
  });
});

describe('filter pop-up options', () => {
  it('match a case-insensitive substring and are sorted', () => {
    expect(filterOptions(['Rock', 'Pop', 'Progressive Rock', 'rockabilly', 'Rock'], 'ROC')).toEqual(
      ['Progressive Rock', 'Rock', 'rockabilly'],
    );
  });

  it('hide the tags blacklisted for the role', () => {
    expect(categoryTags(['New', 'Club', 'Chill'], ['club'])).toEqual(['New', 'Chill']);
  });

  it('toggle a value and count active filters', () => {
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
    expect(activeFilterCount({ ...defaultFilters(['Jazz']), bpmTo: 200 })).toBe(2);
  });
});

describe('the library filter (issue 46)', () => {
  it('is all libraries by default and sends no libraryId then', () => {
    expect(defaultFilters().libraryId).toBeNull();
    expect(toSearchFilter(defaultFilters())).not.toHaveProperty('libraryId');
  });

  it('reads ?library=2 and sends it as the search call’s libraryId', () => {
    const filters = filtersFromAddress({ library: 2 });
    expect(filters.libraryId).toBe(2);
    expect(toSearchFilter(filters)).toMatchObject({ libraryId: 2 });
    expect(activeFilterCount(filters)).toBe(1);
  });
});
