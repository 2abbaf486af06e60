import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ConversationSchema,
  CorrespondentSchema,
  ThreadPageSchema,
  type Conversation,
  type Correspondent,
  type ThreadPage,
} from '../../../../domain/message-threads';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

/** GET /api/messages/conversations: one row per correspondent, the latest first. */
export function useConversations() {
  return useQuery({
    queryKey: queryKeys.messages.conversations(),
    queryFn: ({ signal }) =>
      api<Conversation[]>('GET', '/api/messages/conversations', undefined, {
        schema: z.array(ConversationSchema),
        signal,
        silent: true,
      }),
  });
}

/** GET /api/messages/conversations/{userId}: pages from the newest back ("Show older"). */
export function useThread(userId: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages.thread(userId),
    initialPageParam: null as number | null,
    queryFn: ({ signal, pageParam }) =>
      api<ThreadPage>(
        'GET',
        `/api/messages/conversations/${userId}${pageParam === null ? '' : `?before=${pageParam}`}`,
        undefined,
        { schema: ThreadPageSchema, signal, silent: true },
      ),
    getNextPageParam: (page) => page.nextBefore,
  });
}

/** PUT /api/messages/conversations/{userId}/read, then the badges and lists catch up. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api('PUT', `/api/messages/conversations/${userId}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
  });
}

/** GET /api/messages/recipients?q=: the New message picker (administrators first). */
export function useRecipients(query: string) {
  return useQuery({
    queryKey: queryKeys.messages.recipients(query),
    queryFn: ({ signal }) =>
      api<Correspondent[]>(
        'GET',
        `/api/messages/recipients?q=${encodeURIComponent(query)}`,
        undefined,
        { schema: z.array(CorrespondentSchema), signal, silent: true },
      ),
    placeholderData: (previous) => previous,
  });
}
