/** Query keys of the store; invalidating `all` refreshes every one of them. */
export const storeKeys = {
  all: ['store'] as const,
  products: () => ['store', 'products'] as const,
  subscription: () => ['store', 'subscription'] as const,
  roles: () => ['store', 'roles'] as const,
  transactions: (scope: 'mine' | 'all') => ['store', 'transactions', scope] as const,
};
