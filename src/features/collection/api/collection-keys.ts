/** Query keys of the collection page; invalidating `all` refreshes every one of them. */
export const collectionKeys = {
  all: ['collection'] as const,
  detail: (id: number) => ['collection', id, 'detail'] as const,
  unlocked: (id: number) => ['collection', id, 'unlocked'] as const,
  recommendations: (id: number) => ['collection', id, 'recommendations'] as const,
  tags: (fileId: number) => ['collection', 'file-tags', fileId] as const,
};
