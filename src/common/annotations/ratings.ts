import { queryOptions, useQuery } from '@tanstack/react-query';
import { RatingsSchema, type Ratings } from '../../../domain/annotations';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';
import { ratingOf, type RatingKind } from './annotation-cache';

/**
 * GET /api/ratings: every rating of the caller (tracks, albums, artists), read once and shared
 * by every rating control on screen, so a list of tracks makes one request, not one per row.
 */
export const ratingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.annotations.ratings(),
    queryFn: ({ signal }) =>
      api<Ratings>('GET', '/api/ratings', undefined, {
        schema: RatingsSchema,
        silent: true,
        signal,
      }),
    staleTime: 60_000,
  });

/** The item's rating (0 = none); undefined until the ratings are known. */
export function useRating(kind: RatingKind, id: number): number | undefined {
  const { data } = useQuery({
    ...ratingsQuery(),
    select: (ratings) => ratingOf(ratings, kind, id),
  });
  return data;
}
