import { queryOptions } from '@tanstack/react-query';
import { PlayQueueAnswerSchema, type PlayQueueAnswer } from '../../../../domain/play-queue';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/**
 * GET /api/play_queue: the queue a phone or desktop app saved through /rest (savePlayQueue),
 * which the player offers to continue on this device. Read again when the window regains focus
 * (TanStack's default), as that is when someone comes back from another device.
 */
export const savedPlayQueueQuery = () =>
  queryOptions({
    queryKey: queryKeys.playQueue.saved(),
    queryFn: ({ signal }) =>
      api<PlayQueueAnswer>('GET', '/api/play_queue', undefined, {
        schema: PlayQueueAnswerSchema,
        silent: true,
        signal,
      }),
    staleTime: 30_000,
  });
