import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ScrobblingStatusSchema,
  type PutScrobbling,
  type ScrobblingStatus,
} from '../../../../domain/scrobbling';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** Where "Connect Last.fm" sends the browser: the server redirects to Last.fm's grant page. */
export const LASTFM_CONNECT_PATH = '/api/user/scrobbling/lastfm/connect';

/** GET /api/user/scrobbling: both services' connection, user name, broken state, backlog. */
export const scrobblingQuery = () =>
  queryOptions({
    queryKey: queryKeys.scrobbling.all,
    queryFn: ({ signal }) =>
      api<ScrobblingStatus>('GET', '/api/user/scrobbling', undefined, {
        schema: ScrobblingStatusSchema,
        signal,
        silent: true,
      }),
  });

export function useScrobbling() {
  return useQuery(scrobblingQuery());
}

/**
 * PUT /api/user/scrobbling: a ListenBrainz token (checked by ListenBrainz first) or null, or
 * `lastfm: null`. The answer is the new status, written straight into the cache.
 */
export function useUpdateScrobbling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutScrobbling) =>
      api<ScrobblingStatus>('PUT', '/api/user/scrobbling', body, {
        schema: ScrobblingStatusSchema,
        silent: true,
      }),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.scrobbling.all, status),
  });
}
