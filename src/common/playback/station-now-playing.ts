import { NowPlayingSchema } from '../../../domain/radio-stations';
import { api } from '../../lib/api-client';

/**
 * GET /api/radio_station/{id}/now-playing: the station's last ICY title (null when it sends
 * none). The player polls it for its bar and the lock screen; the Radio page has its own query.
 */
export async function stationTitle(
  stationId: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const answer = await api('GET', `/api/radio_station/${stationId}/now-playing`, undefined, {
    schema: NowPlayingSchema,
    signal,
    silent: true,
  });
  return answer.title;
}
