import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductCreateSchema, ProductUpdateSchema } from '../../../../domain/store';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

export type ProductCreate = z.input<typeof ProductCreateSchema>;
export type ProductUpdate = z.input<typeof ProductUpdateSchema>;

/**
 * PUT /api/product creates, POST /api/product/{id} edits (admins only; the server refuses
 * others). Errors show in the dialog, so the calls are silent.
 */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ProductCreate }) =>
      id === null
        ? api('PUT', '/api/product', body, { silent: true })
        : api('POST', `/api/product/${id}`, body satisfies ProductUpdate, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.store.products() }),
  });
}

/** DELETE /api/product/{id}; a failure shows the red toast (the confirmation has closed). */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/api/product/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.store.products() }),
  });
}
