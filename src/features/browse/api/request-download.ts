import { DownloadStatusSchema, type ExternalTrack } from '../../../../domain/external';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type DownloadStatus = z.infer<typeof DownloadStatusSchema>;

/**
 * POST /downloader/request/{server} {platform, url}. Not silent: a refusal (today the server's
 * 501 "not implemented yet") shows the shared red "An error occurred" with the server's text.
 */
export function requestDownload(server: number, track: ExternalTrack) {
  return api<{ downloadId: string }>('POST', `/downloader/request/${server}`, {
    platform: track.platform,
    url: track.url,
  });
}

/** GET /downloader/request/{server}/status/{downloadId}; the caller retries failures itself. */
export function getDownloadStatus(server: number, downloadId: string) {
  return api<DownloadStatus>(
    'GET',
    `/downloader/request/${server}/status/${encodeURIComponent(downloadId)}`,
    undefined,
    { schema: DownloadStatusSchema, silent: true },
  );
}
