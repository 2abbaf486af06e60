import { Button, HStack } from '@chakra-ui/react';
import {
  activeFilterCount,
  defaultFilters,
  isBpmActive,
  isDateActive,
  type BrowseFilters,
} from '../../../../domain/browse-filters';
import type { Library } from '../../../../domain/libraries';
import { StartRadioButton } from '../../../common/playback/start-radio-button';
import { strings } from '../../../lib/strings';
import { BpmFilter } from './bpm-filter';
import { DateFilter } from './date-filter';
import { FilterPopover } from './filter-popover';
import { LibraryFilter } from './library-filter';
import { OptionFilter } from './option-filter';

const t = strings.browsePage.filters;

export interface FilterOptions {
  genres: readonly string[];
  artists: readonly string[];
  labels: readonly string[];
  tags: readonly string[];
  /** The libraries the caller sees; the filter shows only when there is a choice. */
  libraries: readonly Library[];
}

function listSummary(values: string[]): string {
  return values.length === 1 ? (values[0] ?? '') : String(values.length);
}

/** A library the caller no longer sees (an old link) is still named, by its number. */
function libraryName(libraries: readonly Library[], libraryId: number | null): string {
  return libraries.find((library) => library.libraryId === libraryId)?.name ?? `#${libraryId}`;
}

/** The row of filter pop-ups above the results. */
export function FilterBar({
  filters,
  options,
  onChange,
}: {
  filters: BrowseFilters;
  options: FilterOptions;
  onChange: (update: (filters: BrowseFilters) => BrowseFilters) => void;
}) {
  const lists = [
    ['genres', t.genre, options.genres],
    ['artists', t.artists, options.artists],
    ['labels', t.labels, options.labels],
    ['tags', t.category, options.tags],
  ] as const;

  return (
    // Phones: one row that scrolls sideways (wrapping would push the results down);
    // wider screens wrap.
    <HStack
      gap="2"
      flexWrap={{ base: 'nowrap', sm: 'wrap' }}
      overflowX={{ base: 'auto', sm: 'visible' }}
      pb={{ base: '1', sm: '0' }}
      role="toolbar"
      aria-label="Filters"
      data-testid="filter-bar"
    >
      <FilterPopover
        label={t.releaseDate}
        active={isDateActive(filters.dateFrom, filters.dateTo)}
        summary={`${filters.dateFrom}\u2013${filters.dateTo}`}
        clipSummary={false}
      >
        {(close) => (
          <DateFilter
            from={filters.dateFrom}
            to={filters.dateTo}
            onDone={close}
            onChange={(dateFrom, dateTo) => onChange((f) => ({ ...f, dateFrom, dateTo }))}
          />
        )}
      </FilterPopover>
      <FilterPopover
        label={t.bpm}
        active={isBpmActive(filters.bpmFrom, filters.bpmTo)}
        summary={t.bpmRange(filters.bpmFrom, filters.bpmTo)}
      >
        {(close) => (
          <BpmFilter
            from={filters.bpmFrom}
            to={filters.bpmTo}
            onDone={close}
            onChange={(bpmFrom, bpmTo) => onChange((f) => ({ ...f, bpmFrom, bpmTo }))}
          />
        )}
      </FilterPopover>
      {lists.map(([key, label, values]) => (
        <FilterPopover
          key={key}
          label={label}
          active={filters[key].length > 0}
          summary={listSummary(filters[key])}
        >
          {() => (
            <OptionFilter
              label={label}
              options={values}
              selected={filters[key]}
              onChange={(selected) => onChange((f) => ({ ...f, [key]: selected }))}
            />
          )}
        </FilterPopover>
      ))}
      {options.libraries.length > 1 ? (
        <FilterPopover
          label={t.library}
          active={filters.libraryId !== null}
          summary={libraryName(options.libraries, filters.libraryId)}
        >
          {(close) => (
            <LibraryFilter
              libraries={options.libraries}
              selected={filters.libraryId}
              onChange={(libraryId) => {
                onChange((f) => ({ ...f, libraryId }));
                close();
              }}
            />
          )}
        </FilterPopover>
      ) : null}
      {activeFilterCount(filters) > 0 ? (
        <Button
          size="sm"
          variant="ghost"
          flexShrink={0}
          onClick={() => onChange((f) => ({ ...defaultFilters(), query: f.query }))}
        >
          {strings.browsePage.clearFilters}
        </Button>
      ) : null}
      {/* One genre chosen: its radio (issue 48). */}
      {filters.genres.length === 1 && filters.genres[0] ? (
        <StartRadioButton
          seed={{ kind: 'genre', name: filters.genres[0] }}
          name={filters.genres[0]}
          size="sm"
          flexShrink={0}
        />
      ) : null}
    </HStack>
  );
}
