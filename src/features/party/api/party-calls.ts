import { queryOptions } from '@tanstack/react-query';
import {
  PartySearchAnswerSchema,
  type PartySearchAnswer,
  type PartyVoteValue,
} from '../../../../domain/parties';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

const base = (token: string) => `/api/party/${encodeURIComponent(token)}`;

/** GET /api/party/{token}/search: tracks this viewer may add (theirs and the host's to see). */
export const partySearchQuery = (token: string, q: string) =>
  queryOptions({
    queryKey: queryKeys.party.search(token, q),
    queryFn: ({ signal }) =>
      api<PartySearchAnswer>('GET', `${base(token)}/search?q=${encodeURIComponent(q)}`, undefined, {
        schema: PartySearchAnswerSchema,
        signal,
      }),
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });

/** PUT /api/party/{token}/track */
export const addPartyTrack = (token: string, fileId: number) =>
  api('PUT', `${base(token)}/track`, { fileId });

/** PUT /api/party/{token}/vote: -1, 1, or 0 to take one's vote back. */
export const voteOnTrack = (token: string, trackId: number, vote: PartyVoteValue) =>
  api('PUT', `${base(token)}/vote`, { trackId, vote });

/** DELETE /api/party/{partyId}/track/{trackId}: the host's. */
export const removePartyTrack = (partyId: number, trackId: number) =>
  api('DELETE', `/api/party/${partyId}/track/${trackId}`);

/** DELETE /api/party/{partyId}/guest/{guestId}: the host's. */
export const removePartyGuest = (partyId: number, guestId: number) =>
  api('DELETE', `/api/party/${partyId}/guest/${guestId}`);
