import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DirectMessageSchema,
  type DirectMessage,
  type DirectMessageInput,
} from '../../../../domain/message';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/user/dm: the signed-in user's inbox, newest first. */
export function useInbox() {
  return useQuery({
    queryKey: queryKeys.messages.inbox(),
    queryFn: ({ signal }) =>
      api<DirectMessage[]>('GET', '/api/user/dm', undefined, {
        schema: z.array(DirectMessageSchema),
        signal,
        silent: true,
      }),
  });
}

/**
 * PUT /api/user/dm/{id}/read. The header badge (the unread query of the shell) and the row
 * drop at once; a failure puts them back.
 */
export function useMarkRead(userId: number) {
  const queryClient = useQueryClient();
  const unreadKey = queryKeys.messages.unread(userId);
  return useMutation({
    mutationFn: (dmId: number) => api('PUT', `/api/user/dm/${dmId}/read`),
    onMutate: async (dmId: number) => {
      await queryClient.cancelQueries({ queryKey: unreadKey });
      const unread = queryClient.getQueryData<{ count: number }>(unreadKey);
      const inbox = queryClient.getQueryData<DirectMessage[]>(queryKeys.messages.inbox());
      queryClient.setQueryData<{ count: number }>(unreadKey, (old) =>
        old === undefined ? old : { count: Math.max(0, old.count - 1) },
      );
      queryClient.setQueryData<DirectMessage[]>(queryKeys.messages.inbox(), (old) =>
        old?.map((dm) => (dm.dmId === dmId ? { ...dm, dmRead: true } : dm)),
      );
      return { unread, inbox };
    },
    onError: (_error, _dmId, context) => {
      if (context?.unread !== undefined) queryClient.setQueryData(unreadKey, context.unread);
      if (context?.inbox !== undefined)
        queryClient.setQueryData(queryKeys.messages.inbox(), context.inbox);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadKey }),
  });
}

/** DELETE /api/user/dm/{id} */
export function useDeleteMessage(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dmId: number) => api('DELETE', `/api/user/dm/${dmId}`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.inbox() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread(userId) }),
      ]);
    },
  });
}

/** POST /api/user/{id}/dm {title, body}; the conversations and the thread show it at once. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ to, message }: { to: number; message: DirectMessageInput }) =>
      api('POST', `/api/user/${to}/dm`, message),
    onSuccess: async (_answer, { to }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.thread(to) }),
      ]);
    },
  });
}
