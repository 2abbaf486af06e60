import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PodcastDetailSchema,
  PodcastListSchema,
  SubscribedSchema,
  type PodcastDetail,
} from '../../../../domain/podcasts';
import { saveEpisodePosition } from '../../../common/bookmarks/positions';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

/** GET /api/podcast: the caller's podcasts. */
export const podcastsQuery = () =>
  queryOptions({
    queryKey: queryKeys.podcasts.list(),
    queryFn: ({ signal }) =>
      api('GET', '/api/podcast', undefined, { schema: PodcastListSchema, signal, silent: true }),
  });

export const usePodcasts = () => useQuery(podcastsQuery());

/** GET /api/podcast/{id}: one podcast with its episodes and the caller's positions. */
export const podcastQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.podcasts.detail(id),
    queryFn: ({ signal }) =>
      api<PodcastDetail>('GET', `/api/podcast/${id}`, undefined, {
        schema: PodcastDetailSchema,
        signal,
        silent: true,
      }),
  });

export function usePodcast(id: number) {
  const query = podcastQuery(id);
  // An episode being saved on the server shows its progress without a reload.
  return useQuery({
    ...query,
    refetchInterval: (q) =>
      q.state.data?.episodes.some((e) => e.status === 'downloading') ? 2000 : false,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.podcasts.all });
}

export function useSubscribe() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (url: string) => api('PUT', '/api/podcast', { url }, { schema: SubscribedSchema }),
    onSuccess: invalidate,
  });
}

export function useUnsubscribe() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/api/podcast/${id}`),
    onSuccess: invalidate,
  });
}

export function useRefreshPodcast() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api('POST', `/api/podcast/${id}/refresh`),
    onSuccess: invalidate,
  });
}

export function useEpisodeDownload() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ episodeId, remove }: { episodeId: number; remove: boolean }) =>
      api(remove ? 'DELETE' : 'POST', `/api/podcast/episode/${episodeId}/download`),
    onSuccess: invalidate,
  });
}

export function useMarkPlayed() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ episodeId, played }: { episodeId: number; played: boolean }) =>
      saveEpisodePosition(episodeId, { positionMs: 0, played }),
    onSuccess: invalidate,
  });
}
