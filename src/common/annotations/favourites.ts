import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  FavouritesSchema,
  type Favourites,
  type FavouriteTarget,
} from '../../../domain/annotations';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';
import { isFavourite } from './annotation-cache';

/**
 * GET /api/favourites: the caller's liked tracks (as playlist entries, playable), favourite
 * albums and favourite artists, last added first. The Favourites page shows it; the favourite
 * buttons of album and artist pages read their state from it, so both always agree.
 */
export const favouritesQuery = () =>
  queryOptions({
    queryKey: queryKeys.annotations.favourites(),
    queryFn: ({ signal }) =>
      api<Favourites>('GET', '/api/favourites', undefined, {
        schema: FavouritesSchema,
        silent: true,
        signal,
      }),
    staleTime: 60_000,
  });

export function useFavourites() {
  return useQuery(favouritesQuery());
}

/** Whether the album or artist is a favourite; undefined until the favourites are known. */
export function useIsFavourite(target: FavouriteTarget): boolean | undefined {
  const { data } = useQuery({
    ...favouritesQuery(),
    select: (favourites) => isFavourite(favourites, target),
  });
  return data;
}
