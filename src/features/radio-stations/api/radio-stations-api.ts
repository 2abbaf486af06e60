import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NowPlayingSchema,
  StationCreatedSchema,
  StationListSchema,
  type StationInput,
  type StationUpdate,
} from '../../../../domain/radio-stations';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

export const useStations = () =>
  useQuery({
    queryKey: queryKeys.radioStations.all,
    queryFn: ({ signal }) =>
      api('GET', '/api/radio_station', undefined, {
        schema: StationListSchema,
        signal,
        silent: true,
      }),
  });

/** The station's ICY title while it plays: asked every 10 s, never kept offline. */
export const useNowPlaying = (stationId: number | null) =>
  useQuery({
    queryKey: [...queryKeys.radioStations.all, 'now-playing', stationId],
    enabled: stationId !== null,
    refetchInterval: 10_000,
    gcTime: 0,
    queryFn: ({ signal }) =>
      api('GET', `/api/radio_station/${stationId}/now-playing`, undefined, {
        schema: NowPlayingSchema,
        signal,
        silent: true,
      }),
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.radioStations.all });
}

export function useAddStation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: StationInput) =>
      api('PUT', '/api/radio_station', input, { schema: StationCreatedSchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateStation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ stationId, input }: { stationId: number; input: StationUpdate }) =>
      api('POST', `/api/radio_station/${stationId}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteStation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (stationId: number) => api('DELETE', `/api/radio_station/${stationId}`),
    onSuccess: invalidate,
  });
}
