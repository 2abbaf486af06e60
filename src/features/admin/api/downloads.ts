import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DownloadSchema, type Download, type DownloadInput } from '../../../../domain/servers';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** Progress (bytes, speed, peers) is refreshed live while the detail screen is open. */
export const DOWNLOADS_POLL_MS = 2000;

/** GET /downloader/{id}/api/download */
export const useDownloads = (serverId: number) =>
  useQuery({
    queryKey: queryKeys.admin.downloads(serverId),
    queryFn: ({ signal }) =>
      api<Download[]>('GET', `/downloader/${serverId}/api/download`, undefined, {
        schema: z.array(DownloadSchema),
        signal,
        silent: true,
      }),
    refetchInterval: DOWNLOADS_POLL_MS,
  });

/** POST /downloader/{id}/api/download; the error shows in the form. */
export function useAddDownload(serverId: number) {
  return useMutation({
    mutationFn: (body: DownloadInput) =>
      api<Download>('POST', `/downloader/${serverId}/api/download`, body, {
        schema: DownloadSchema,
        silent: true,
      }),
  });
}

/** DELETE /downloader/{id}/api/download/{downloadId} */
export function useDeleteDownload(serverId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (downloadId: number) =>
      api<unknown>('DELETE', `/downloader/${serverId}/api/download/${downloadId}`),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.downloads(serverId) }),
  });
}
