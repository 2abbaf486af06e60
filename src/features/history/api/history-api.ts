import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  CreatedYearShareSchema,
  HistoryPageSchema,
  YearFiguresSchema,
  YearShareListSchema,
  YearStatsSchema,
  type CreatedYearShare,
  type HistoryPage,
  type YearFigures,
  type YearShare,
  type YearStats,
} from '../../../../domain/history';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

export interface HistoryPageQuery {
  offset: number;
  limit: number;
  q: string;
}

/** GET /api/user/history: one page of the caller's plays, newest first. */
export const historyPageQuery = (page: HistoryPageQuery) =>
  queryOptions({
    queryKey: queryKeys.history.page(page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        offset: String(page.offset),
        limit: String(page.limit),
      });
      if (page.q.trim() !== '') params.set('q', page.q.trim());
      return api<HistoryPage>('GET', `/api/user/history?${params.toString()}`, undefined, {
        schema: HistoryPageSchema,
        signal,
        silent: true,
      });
    },
  });

export function useHistoryPage(page: HistoryPageQuery) {
  // The previous page stays on screen while the next loads (no jump to a spinner).
  return useQuery({ ...historyPageQuery(page), placeholderData: keepPreviousData });
}

/** GET /api/user/stats?year=: the caller's year (null: this year, as the server counts it). */
export const yearStatsQuery = (year: number | null) =>
  queryOptions({
    queryKey: queryKeys.history.stats(year),
    queryFn: ({ signal }) =>
      api<YearStats>('GET', `/api/user/stats${year === null ? '' : `?year=${year}`}`, undefined, {
        schema: YearStatsSchema,
        signal,
        silent: true,
      }),
  });

export const useYearStats = (year: number | null) => useQuery(yearStatsQuery(year));

/** GET /api/year-share/{token}: a shared year, no session needed. */
export const sharedYearQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.history.shared(token),
    queryFn: ({ signal }) =>
      api<YearFigures>('GET', `/api/year-share/${encodeURIComponent(token)}`, undefined, {
        schema: YearFiguresSchema,
        signal,
        silent: true,
      }),
    retry: false,
  });

export const useSharedYear = (token: string) => useQuery(sharedYearQuery(token));

/** GET /api/user/year-shares: the caller's year links. */
export function useYearShares() {
  return useQuery({
    queryKey: queryKeys.history.yearShares(),
    queryFn: ({ signal }) =>
      api<YearShare[]>('GET', '/api/user/year-shares', undefined, {
        schema: YearShareListSchema,
        signal,
        silent: true,
      }),
  });
}

/** Deletes one listen (or, with null, every one) and refreshes history and years. */
export function useDeleteListens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listenId: number | null) =>
      api('DELETE', listenId === null ? '/api/user/history' : `/api/user/history/${listenId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.history.all }),
  });
}

/** POST /api/user/year-shares: a new link (its address is shown this once). */
export function useCreateYearShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) =>
      api<CreatedYearShare>(
        'POST',
        '/api/user/year-shares',
        { year },
        {
          schema: CreatedYearShareSchema,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.history.yearShares() }),
  });
}

/** DELETE /api/user/year-shares/{id}: the link stops opening. */
export function useRevokeYearShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (yearShareId: number) => api('DELETE', `/api/user/year-shares/${yearShareId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.history.yearShares() }),
  });
}
