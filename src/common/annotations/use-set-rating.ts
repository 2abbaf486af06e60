import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ratings } from '../../../domain/annotations';
import { sendOrQueue } from '../../lib/outbox';
import { queryKeys } from '../query-keys';
import { ratingBody, ratingOf, withRating, type RatingKind } from './annotation-cache';
import { afterAnnotationCall, reportRefusal } from './annotation-mutation';

export interface SetRating {
  kind: RatingKind;
  id: number;
  /** 1 to 5; 0 clears the rating. */
  rating: number;
}

/**
 * PUT /api/rating {fileId | collectionId | artistId, rating}. The stars change at once; offline,
 * or when the request never reaches the server, the call waits in the outbox (like a like);
 * a refusal puts back the rating there was, unless another one was given meanwhile.
 */
export function useSetRating() {
  const queryClient = useQueryClient();
  const key = queryKeys.annotations.ratings();
  return useMutation({
    mutationKey: key,
    networkMode: 'always',
    mutationFn: ({ kind, id, rating }: SetRating) =>
      sendOrQueue({ method: 'PUT', path: '/api/rating', body: ratingBody(kind, id, rating) }),
    onMutate: async ({ kind, id, rating }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Ratings>(key);
      const previous = before ? ratingOf(before, kind, id) : 0;
      queryClient.setQueryData<Ratings>(key, (data) =>
        data ? withRating(data, kind, id, rating) : data,
      );
      return { previous };
    },
    onError: (error, { kind, id, rating }, context) => {
      queryClient.setQueryData<Ratings>(key, (data) =>
        data && ratingOf(data, kind, id) === rating
          ? withRating(data, kind, id, context?.previous ?? 0)
          : data,
      );
      reportRefusal(error);
    },
    onSettled: (result) => afterAnnotationCall(queryClient, key, result),
  });
}
