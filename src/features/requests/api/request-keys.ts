/** Query keys of the requests feature; invalidating `all` refreshes lists and details. */
export const requestKeys = {
  all: ['requests'] as const,
  lists: () => ['requests', 'list'] as const,
  list: (page: { offset: number; count: number; userId: number | null }) =>
    ['requests', 'list', page] as const,
  detail: (id: number) => ['requests', 'detail', id] as const,
  collectionSearch: (query: string) => ['requests', 'collection-search', query] as const,
};
