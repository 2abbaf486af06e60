import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RequestSchema, type Request, type RequestInput } from '../../../../domain/request';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** PUT /api/request: files a request (it uses one of the user's remaining requests). */
export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestInput) =>
      api<Request>('PUT', '/api/request', body, { schema: RequestSchema }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.lists() }),
        // remainingRequests changed.
        queryClient.invalidateQueries({ queryKey: queryKeys.session.all }),
      ]);
    },
  });
}

/** POST /api/request/{id}: the whole form; a field left out is cleared. */
export function useEditRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestInput) =>
      api<Request>('POST', `/api/request/${id}`, body, { schema: RequestSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests.all }),
  });
}

/** PUT /api/request/{id} {collectionId}: fills an open request. */
export function useFillRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionId: number) =>
      api<Request>('PUT', `/api/request/${id}`, { collectionId }, { schema: RequestSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests.all }),
  });
}

/** DELETE /api/request/{id} (administrators). */
export function useDeleteRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE', `/api/request/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests.lists() }),
  });
}
