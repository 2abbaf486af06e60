import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  RssFeedSchema,
  ServerSchema,
  type RssFeed,
  type RssFeedInput,
  type Server,
  type ServerInput,
} from '../../../../domain/servers';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/server: every server with its online state (a node is asked on each load). */
export const serversQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.servers(),
    queryFn: ({ signal }) =>
      api<Server[]>('GET', '/api/server', undefined, {
        schema: z.array(ServerSchema),
        signal,
        silent: true,
      }),
  });

export const useServers = () => useQuery(serversQuery());

/** PUT /api/server; the error shows in the form. */
export function useCreateServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServerInput) =>
      api<Server>('PUT', '/api/server', body, { schema: ServerSchema, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.servers() }),
  });
}

/** GET /downloader/{id}/api/rss */
export const useFeeds = (serverId: number) =>
  useQuery({
    queryKey: queryKeys.admin.feeds(serverId),
    queryFn: ({ signal }) =>
      api<RssFeed[]>('GET', `/downloader/${serverId}/api/rss`, undefined, {
        schema: z.array(RssFeedSchema),
        signal,
        silent: true,
      }),
  });

/** POST /downloader/{id}/api/rss */
export function useAddFeed(serverId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RssFeedInput) =>
      api<RssFeed>('POST', `/downloader/${serverId}/api/rss`, body, {
        schema: RssFeedSchema,
        silent: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.feeds(serverId) }),
  });
}

/** DELETE /downloader/{id}/api/rss/{feedId}; a refusal shows the shared red message. */
export function useDeleteFeed(serverId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedId: number) =>
      api<unknown>('DELETE', `/downloader/${serverId}/api/rss/${feedId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.feeds(serverId) }),
  });
}
