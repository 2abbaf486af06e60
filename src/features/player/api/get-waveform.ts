import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

const WaveformSchema = z.object({ waveformData: z.array(z.number()) });

/** GET /downloader/waveform/{fileId}: peaks from 0 to 1, computed once on import. */
export const waveformQuery = (fileId: number) =>
  queryOptions({
    queryKey: queryKeys.player.waveform(fileId),
    queryFn: ({ signal }) =>
      api('GET', `/downloader/waveform/${fileId}`, undefined, {
        schema: WaveformSchema,
        silent: true,
        signal,
      }),
    staleTime: Infinity,
  });
