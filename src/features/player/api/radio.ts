import {
  radioSeedParam,
  RadioAnswerSchema,
  type RadioAnswer,
  type RadioSeed,
} from '../../../../domain/radio';
import type { Track } from '../../../../domain/track';
import { entryTracks } from '../../../common/playlists/entry-tracks';
import { api } from '../../../lib/api-client';

/**
 * GET /api/radio: the next page of the seed's radio as player tracks, leaving out `exclude`
 * (the session's queue so far, the server's cap being its last 500).
 */
export async function getRadioPage(
  seed: RadioSeed,
  count: number,
  exclude: readonly number[],
  silent = false,
): Promise<Track[]> {
  const query = new URLSearchParams({ seed: radioSeedParam(seed), count: String(count) });
  if (exclude.length > 0) query.set('exclude', exclude.slice(-500).join(','));
  const answer = await api<RadioAnswer>('GET', `/api/radio?${query.toString()}`, undefined, {
    schema: RadioAnswerSchema,
    silent,
  });
  return entryTracks(answer.tracks);
}
