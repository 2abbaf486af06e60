import { ADDRESS_KEYS, type BrowseAddress } from './browse-address-schema';
import type { SearchFilter } from './collection';
import { isCalendarDate } from './dates';

/**
 * Browse screen rules (spec part 1, sections 2, 5 and 9): the filters the address carries,
 * how they merge into the pop-up filters, date presets, the BPM "active" rule and the
 * load-more rule. Pure, so the screen and its tests share one definition.
 */

/** Results per search call; a full page is what makes "Load more" appear. */
export const SEARCH_PAGE_SIZE = 50;

export const DEFAULT_DATE_FROM = '1900-01-01';
export const BPM_MIN = 30;
export const BPM_MAX = 300;

// The address is defined once, as a schema; the filters and the search body derive from it.
export { ADDRESS_KEYS, type BrowseAddress } from './browse-address-schema';

export interface BrowseFilters {
  query: string;
  /** Both YYYY-MM-DD; dateTo empty means open-ended. */
  dateFrom: string;
  dateTo: string;
  bpmFrom: number;
  bpmTo: number;
  genres: string[];
  tags: string[];
  labels: string[];
  artists: string[];
  /** One library only (GET /api/libraries); null is every library the caller sees. */
  libraryId: number | null;
}

export function defaultFilters(defaultGenres: readonly string[] = []): BrowseFilters {
  return {
    query: '',
    dateFrom: DEFAULT_DATE_FROM,
    dateTo: '',
    bpmFrom: BPM_MIN,
    bpmTo: BPM_MAX,
    genres: [...defaultGenres],
    tags: [],
    labels: [],
    artists: [],
    libraryId: null,
  };
}

/** A stable text for an address, so "did the address change?" is a string comparison. */
export function addressKey(address: BrowseAddress): string {
  return ADDRESS_KEYS.map((key) => {
    const value = address[key];
    return `${key}=${Array.isArray(value) ? JSON.stringify(value) : (value ?? '')}`;
  }).join('&');
}

export function isEmptyAddress(address: BrowseAddress): boolean {
  return ADDRESS_KEYS.every((key) => address[key] === undefined || address[key] === '');
}

/**
 * The filters an address means: a plural key (even empty) wins over the singular link key,
 * which wins over the default (the user's saved genres, or nothing).
 */
export function filtersFromAddress(
  address: BrowseAddress,
  defaultGenres: readonly string[] = [],
): BrowseFilters {
  const result = defaultFilters(defaultGenres);
  result.query = address.query?.trim() ?? '';
  const list = (plural: string[] | undefined, single: string | undefined, fallback: string[]) =>
    plural ?? (single?.trim() ? [single.trim()] : fallback);
  result.genres = list(address.genres, address.genre, result.genres);
  result.artists = list(address.artists, address.artist, []);
  result.labels = list(address.labels, address.label, []);
  result.tags = list(address.tags, address.tag, []);
  result.libraryId = address.library ?? null;
  if (address.from !== undefined || address.to !== undefined) {
    result.dateFrom = address.from && isIsoDay(address.from) ? address.from : DEFAULT_DATE_FROM;
    result.dateTo = address.to && isIsoDay(address.to) ? address.to : '';
  } else if (address.releaseDate && isIsoDay(address.releaseDate)) {
    result.dateFrom = address.releaseDate;
    result.dateTo = address.releaseDate;
  }
  const bpm = /^(\d{1,3})-(\d{1,3})$/.exec(address.bpm ?? '');
  if (bpm) {
    const { from, to } = clampBpmRange(Number(bpm[1]), Number(bpm[2]));
    result.bpmFrom = from;
    result.bpmTo = to;
  }
  return result;
}

/** Lower bound above 30 or upper bound below 300 (spec part 1, section 5). */
export function isBpmActive(from: number, to: number): boolean {
  return from > BPM_MIN || to < BPM_MAX;
}

export function isDateActive(from: string, to: string): boolean {
  return (from !== '' && from !== DEFAULT_DATE_FROM) || to !== '';
}

/** The search call for one page; inactive ranges are left out so the server does not filter. */
export function toSearchFilter(filters: BrowseFilters, offset = 0): SearchFilter {
  const body: SearchFilter = {
    query: filters.query,
    offset,
    limit: SEARCH_PAGE_SIZE,
    genres: filters.genres,
    tags: filters.tags,
    labels: filters.labels,
    artists: filters.artists,
  };
  if (filters.libraryId !== null) body.libraryId = filters.libraryId;
  if (isDateActive(filters.dateFrom, filters.dateTo)) {
    if (isIsoDay(filters.dateFrom)) body.dateFrom = filters.dateFrom;
    if (isIsoDay(filters.dateTo)) body.dateTo = filters.dateTo;
  }
  if (isBpmActive(filters.bpmFrom, filters.bpmTo)) {
    body.bpmFrom = filters.bpmFrom;
    body.bpmTo = filters.bpmTo;
  }
  return body;
}

/** Load more only when the loaded count is a non-zero multiple of the page size (50). */
export function canLoadMore(loaded: number, pageSize: number = SEARCH_PAGE_SIZE): boolean {
  return loaded > 0 && loaded % pageSize === 0;
}

/** A real calendar day written YYYY-MM-DD: the one rule the server applies too. */
export const isIsoDay = isCalendarDate;

/** The YYYY-MM-DD mask: digits only, hyphens inserted as the user types, 10 characters max. */
export function maskIsoDay(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

export type DatePreset = 'last30' | 'last7' | 'today';

/** The local calendar day of `date` as YYYY-MM-DD (the user thinks in their own days). */
export function localIsoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function datePresetRange(preset: DatePreset, today: Date): { from: string; to: string } {
  const back = (days: number) => {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
    return localIsoDay(d);
  };
  const to = localIsoDay(today);
  switch (preset) {
    case 'last30':
      return { from: back(30), to };
    case 'last7':
      return { from: back(7), to };
    case 'today':
      return { from: to, to };
  }
}

/** Clamps a typed BPM bound into 30..300 and keeps from <= to. */
export function clampBpmRange(from: number, to: number): { from: number; to: number } {
  const clamp = (n: number, fallback: number) =>
    Number.isFinite(n) ? Math.min(BPM_MAX, Math.max(BPM_MIN, Math.round(n))) : fallback;
  const lo = clamp(from, BPM_MIN);
  const hi = clamp(to, BPM_MAX);
  return lo <= hi ? { from: lo, to: hi } : { from: hi, to: lo };
}

/** Options of a filter pop-up: case-insensitive substring match, unique, sorted. */
export function filterOptions(options: readonly string[], needle: string): string[] {
  const lower = needle.trim().toLowerCase();
  const unique = [...new Set(options.filter((o) => o.trim() !== ''))];
  return unique
    .filter((o) => o.toLowerCase().includes(lower))
    .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** Category tags offered to the user: the setting's tags minus the role's blacklisted ones. */
export function categoryTags(
  collectionTags: readonly string[],
  blacklisted: readonly string[],
): string[] {
  const hidden = new Set(blacklisted.map((t) => t.toLowerCase()));
  return collectionTags.filter((t) => !hidden.has(t.toLowerCase()));
}

/** Adds or removes `value` from a selection, keeping its order. */
export function toggleValue(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** How many pop-up filters narrow the search (for the "n filters" hint). */
export function activeFilterCount(filters: BrowseFilters): number {
  return [
    isDateActive(filters.dateFrom, filters.dateTo),
    isBpmActive(filters.bpmFrom, filters.bpmTo),
    filters.genres.length > 0,
    filters.artists.length > 0,
    filters.labels.length > 0,
    filters.tags.length > 0,
    filters.libraryId !== null,
  ].filter(Boolean).length;
}
