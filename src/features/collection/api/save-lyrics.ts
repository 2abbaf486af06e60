import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LyricsSchema, type Lyrics, type LyricsEdit } from '../../../../domain/lyrics';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/**
 * PUT /api/lyrics/{fileId} (admin): LRC or plain text; empty removes them. The answer is what
 * the player will read; the collection is refetched for its tracks' "has lyrics".
 */
export function useSaveLyrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, text }: { fileId: number } & LyricsEdit) =>
      api<Lyrics>('PUT', `/api/lyrics/${fileId}`, { text } satisfies LyricsEdit, {
        schema: LyricsSchema,
      }),
    onSuccess: async (lyrics, { fileId }) => {
      queryClient.setQueryData(queryKeys.lyrics.file(fileId), lyrics);
      await queryClient.invalidateQueries({ queryKey: queryKeys.collections.all });
    },
  });
}
