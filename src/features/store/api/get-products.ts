import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ProductSchema, type Product } from '../../../../domain/store';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/product: every product of the store. Failures show in place. */
export const productsQuery = () =>
  queryOptions({
    queryKey: queryKeys.store.products(),
    queryFn: ({ signal }) =>
      api<Product[]>('GET', '/api/product', undefined, {
        schema: z.array(ProductSchema),
        signal,
        silent: true,
      }),
  });

export function useProducts() {
  return useQuery(productsQuery());
}
