import {
  DEFAULT_DATE_FROM,
  isBpmActive,
  isDateActive,
  type BrowseAddress,
  type BrowseFilters,
} from './browse-filters';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The address for a set of filters, the inverse of filtersFromAddress: defaults are left out
 * (a plain search stays /browse?query=x), the link keys are folded into the plural ones, and
 * `external` is kept from `base` (it is a mode of the screen, not a filter).
 */
export function filtersToAddress(
  filters: BrowseFilters,
  base: BrowseAddress,
  defaultGenres: readonly string[] = [],
): BrowseAddress {
  const address: BrowseAddress = {};
  if (filters.query.trim()) address.query = filters.query.trim();
  if (base.external) address.external = base.external;
  if (!sameList(filters.genres, defaultGenres)) address.genres = [...filters.genres];
  if (filters.artists.length > 0) address.artists = [...filters.artists];
  if (filters.labels.length > 0) address.labels = [...filters.labels];
  if (filters.tags.length > 0) address.tags = [...filters.tags];
  if (filters.libraryId !== null) address.library = filters.libraryId;
  if (isDateActive(filters.dateFrom, filters.dateTo)) {
    address.from = filters.dateFrom || DEFAULT_DATE_FROM;
    if (filters.dateTo) address.to = filters.dateTo;
  }
  if (isBpmActive(filters.bpmFrom, filters.bpmTo)) {
    address.bpm = `${filters.bpmFrom}-${filters.bpmTo}`;
  }
  return address;
}
