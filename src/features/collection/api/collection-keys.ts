import { queryKeys } from '../../../lib/query-keys';

/** Query keys of the collection page; invalidating `all` refreshes every one of them. */
export const collectionKeys = {
  all: ['collection'] as const,
  detail: (id: number) => ['collection', id, 'detail'] as const,
  // Under the collection's prefix, so invalidating `all` refreshes the unlock too.
  unlocked: queryKeys.collectionUnlocked,
  recommendations: (id: number) => ['collection', id, 'recommendations'] as const,
  tags: (fileId: number) => ['collection', 'file-tags', fileId] as const,
};
