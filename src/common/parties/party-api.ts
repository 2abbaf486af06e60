import { queryOptions } from '@tanstack/react-query';
import {
  PARTY_POLL_MS,
  PartyStateSchema,
  StartedPartySchema,
  type PartyNow,
  type PartyState,
  type StartedParty,
} from '../../../domain/parties';
import { api, ApiError } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/**
 * The party calls both the player (the host's device: start, follow, say what plays) and the
 * party page make (issue 50, decision 0067).
 */

/** PUT /api/party: starts a party with these files (the rest of the host's queue). */
export const startParty = (fileIds: number[], allowAnonymous: boolean): Promise<StartedParty> =>
  api<StartedParty>(
    'PUT',
    '/api/party',
    { fileIds, allowAnonymous },
    { schema: StartedPartySchema },
  );

/** GET /api/party/{token}: the party as this viewer may see it, asked again every few seconds. */
export const fetchParty = (token: string, signal?: AbortSignal): Promise<PartyState> =>
  api<PartyState>('GET', `/api/party/${encodeURIComponent(token)}`, undefined, {
    schema: PartyStateSchema,
    signal,
    silent: true,
  });

/** An answer that stays the same until the viewer does something (404 ended, 401, 403). */
export const isFinal = (error: unknown): boolean =>
  error instanceof ApiError && [401, 403, 404].includes(error.status);

export const partyQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.party.state(token),
    queryFn: ({ signal }) => fetchParty(token, signal),
    // Ended, signed out or removed: asking again changes nothing until the viewer acts.
    refetchInterval: (query) => (isFinal(query.state.error) ? false : PARTY_POLL_MS),
    retry: false,
  });

/** PUT /api/party/{partyId}/now: what the host's device plays. */
export const reportPartyNow = (partyId: number, now: PartyNow): Promise<unknown> =>
  api('PUT', `/api/party/${partyId}/now`, now, { silent: true });

/** DELETE /api/party/{partyId}: ends the party; its link answers 404 from then on. */
export const endParty = (partyId: number): Promise<unknown> =>
  api('DELETE', `/api/party/${partyId}`);
