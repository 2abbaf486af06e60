import { z } from 'zod';
import { optionalInt, optionalText } from './search-params';

/**
 * The address of /browse: its query parameters, all optional. This one schema is what the
 * route's validateSearch runs and what the router writes back, so the URL search and the
 * address are the same object; the filters of the screen (filtersFromAddress) and the search
 * call's body (toSearchFilter) are derived from it (domain/browse-filters.ts).
 *
 * The singular keys are the spec's links (an artist, a tag "Show More"); the plural ones, the
 * date range and `bpm` ("60-120") are what the filter pop-ups write, so every filter is in the
 * address. `library` is the id of the library filter (issue 46), shown only to callers who see
 * more than one library. `external` is 1 when the search box also searches external sources (a number: the
 * router would write the string "1" as %221%22, JSON-quoted).
 *
 * Values are read as the router hands them over (numeric-looking text arrives as a number, a
 * list as an array) and anything unusable reads as absent, so a hand-edited address never
 * breaks the screen. The route hands the raw search to the page, which parses it here: zod is
 * not on the first load (decision 0013; even zod/mini would add about 15 KB gzip to it).
 */
const text = z.unknown().transform(optionalText).optional();
const textList = z.unknown().transform(optionalTextList).optional();
const flag = z
  .unknown()
  .transform((value) => (optionalInt(value) === 1 ? (1 as const) : undefined))
  .optional();
const positiveId = z
  .unknown()
  .transform((value) => {
    const id = optionalInt(value);
    return id !== undefined && id > 0 ? id : undefined;
  })
  .optional();

export const BrowseAddressSchema = z.object({
  query: text,
  external: flag,
  artist: text,
  label: text,
  genre: text,
  releaseDate: text,
  tag: text,
  genres: textList,
  artists: textList,
  labels: textList,
  tags: textList,
  from: text,
  to: text,
  bpm: text,
  library: positiveId,
});
export type BrowseAddress = z.output<typeof BrowseAddressSchema>;

export const ADDRESS_KEYS = Object.keys(BrowseAddressSchema.shape) as Array<keyof BrowseAddress>;

/** The address in any search object the router hands over; unknown keys are dropped. */
export function parseBrowseAddress(search: Record<string, unknown>): BrowseAddress {
  return BrowseAddressSchema.parse(search);
}

/** A list of texts from the router's parsed value (JSON arrays); anything else is absent. */
export function optionalTextList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter((item): item is string | number => typeof item === 'string' || typeof item === 'number')
    .map(String)
    .slice(0, 100);
}
