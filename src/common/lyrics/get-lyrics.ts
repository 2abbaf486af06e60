import { queryOptions, useQuery } from '@tanstack/react-query';
import { LyricsSchema, type Lyrics } from '../../../domain/lyrics';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /api/lyrics/{fileId}: synced (a start on every line) or plain lines, `{ synced: false,
 * lines: [] }` when the track has none. The full-screen player shows them; the admin tag
 * editor loads them for editing. Failures are the caller's to show (no toast).
 */
export const lyricsQuery = (fileId: number) =>
  queryOptions({
    queryKey: queryKeys.lyrics.file(fileId),
    queryFn: ({ signal }) =>
      api<Lyrics>('GET', `/api/lyrics/${fileId}`, undefined, {
        schema: LyricsSchema,
        signal,
        silent: true,
      }),
  });

/** The lyrics of a library file; disabled while `fileId` is null. */
export function useLyrics(fileId: number | null, options: { fresh?: boolean } = {}) {
  return useQuery({
    ...lyricsQuery(fileId ?? 0),
    enabled: fileId !== null,
    // The tag editor edits a copy: a fresh read every time it opens shows what is stored.
    ...(options.fresh ? { staleTime: 0 } : {}),
  });
}
