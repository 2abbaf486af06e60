import { queryOptions } from '@tanstack/react-query';
import { getCollectionsBulk } from '../../../common/collections/get-collections-bulk';
import { queryKeys } from '../../../common/query-keys';

/**
 * What a download from the player needs of the track's collection: its current price (the
 * queued track's may be old) and its name for the payment chooser. Uses the bulk call with one
 * id, the player's only collection call.
 */
export const trackCollectionQuery = (collectionId: number) =>
  queryOptions({
    queryKey: queryKeys.collections.summary(collectionId),
    queryFn: async ({ signal }) => {
      const [item] = await getCollectionsBulk([collectionId], signal);
      if (!item) throw new Error(`collection ${collectionId} is not available`);
      const { collectionName, collectionPrice } = item.collection;
      return { collectionId, collectionName, collectionPrice };
    },
  });
