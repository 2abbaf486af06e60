import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreatedShareSchema,
  ShareListSchema,
  type CreatedShare,
  type CreateShare,
  type Share,
} from '../../../../domain/shares';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

/** GET /api/share: the caller's links, every link for an administrator; never a token. */
export const sharesQuery = () =>
  queryOptions({
    queryKey: queryKeys.shares.all,
    queryFn: ({ signal }) =>
      api<Share[]>('GET', '/api/share', undefined, {
        schema: ShareListSchema,
        signal,
        silent: true,
      }),
  });

export function useShares() {
  return useQuery(sharesQuery());
}

/** PUT /api/share: the answer carries the link, shown once (only its hash is kept). */
export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShare) =>
      api<CreatedShare>('PUT', '/api/share', body, { schema: CreatedShareSchema, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shares.all }),
  });
}

/** DELETE /api/share/{shareId}: the link answers "not found" from then on. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => api('DELETE', `/api/share/${shareId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shares.all }),
  });
}
