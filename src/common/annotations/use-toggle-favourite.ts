import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Favourites } from '../../../domain/annotations';
import { sendOrQueue } from '../../lib/outbox';
import { queryKeys } from '../query-keys';
import {
  favouriteBody,
  favouriteIndex,
  withFavourite,
  type FavouriteItem,
} from './annotation-cache';
import { afterAnnotationCall, reportRefusal } from './annotation-mutation';

export interface ToggleFavourite {
  change: FavouriteItem;
  /** The state wanted: true makes it a favourite, false no longer. */
  favourite: boolean;
}

/**
 * PUT /api/favourite {collectionId | artistId} makes an album or artist a favourite; DELETE
 * with the same body undoes it. Like the heart of a track (common/likes): the button and the
 * Favourites page change at once; offline, or when the request never reaches the server, the
 * call waits in the outbox and goes out when the network returns; a refusal flips it back.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const key = queryKeys.annotations.favourites();
  return useMutation({
    mutationKey: key,
    networkMode: 'always',
    mutationFn: ({ change, favourite }: ToggleFavourite) =>
      sendOrQueue({
        method: favourite ? 'PUT' : 'DELETE',
        path: '/api/favourite',
        body: favouriteBody(change),
      }),
    onMutate: async ({ change, favourite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Favourites>(key);
      // Where an album or artist taken out sat, so a refusal puts it back in its place.
      const at = before ? favouriteIndex(before, favouriteBody(change)) : -1;
      queryClient.setQueryData<Favourites>(key, (data) =>
        data ? withFavourite(data, change, favourite) : data,
      );
      return { at };
    },
    onError: (error, { change, favourite }, context) => {
      queryClient.setQueryData<Favourites>(key, (data) =>
        data ? withFavourite(data, change, !favourite, context?.at ?? 0) : data,
      );
      reportRefusal(error);
    },
    onSettled: (result) => afterAnnotationCall(queryClient, key, result),
  });
}
