import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OkSchema } from '../../../domain/params';
import {
  AddedPartyTrackSchema,
  AddPartyTrackSchema,
  PartyGuestParams,
  PartyIdParams,
  PartyNowSchema,
  PartySearchAnswerSchema,
  PartySearchQuery,
  PartyStateSchema,
  PartyTokenParams,
  PartyTrackParams,
  PartyVoteSchema,
  StartedPartySchema,
  StartPartySchema,
} from '../../../domain/parties';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';
import { GUEST_COOKIE, type PartyVisitor } from './party-visitor';

const tags = ['listening parties'];
/** A signed-out guest's cookie lasts as long as a party reasonably does. */
const GUEST_COOKIE_SECONDS = 2 * 24 * 60 * 60;

/**
 * Listening parties (issue 50, decision 0067). The token calls are for everyone with the link
 * (signed-out guests only where the host allowed them; a signed-out guest is a cookie scoped
 * to the party's path, never a session); the host's calls name the party by id.
 */
export function partiesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const parties = deps.services.parties;
  const r = api(app);
  const auth = { preValidation: signedIn };

  const visitor = async (request: FastifyRequest): Promise<PartyVisitor> => ({
    caller: await request.callerOrNull(),
    guestCookie: request.cookies[GUEST_COOKIE] ?? null,
    ip: request.ip,
  });
  const keepGuest = (reply: FastifyReply, token: string, cookie: string | null) => {
    if (cookie === null) return;
    reply.setCookie(GUEST_COOKIE, cookie, {
      httpOnly: true,
      sameSite: 'lax',
      path: `/api/party/${token}`,
      secure: reply.request.protocol === 'https',
      maxAge: GUEST_COOKIE_SECONDS,
    });
  };
  // The party changes every few seconds and may end at any moment: never kept by a cache.
  const fresh = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  r.put(
    '/api/party',
    { ...auth, schema: { tags, body: StartPartySchema, response: { 200: StartedPartySchema } } },
    async (request) =>
      parties.start(await request.caller(), request.body.fileIds, request.body.allowAnonymous),
  );

  r.get(
    '/api/party/:token',
    { schema: { tags, params: PartyTokenParams, response: { 200: PartyStateSchema } } },
    async (request, reply) => {
      fresh(reply);
      return parties.view(request.params.token, await visitor(request));
    },
  );

  r.get(
    '/api/party/:token/search',
    {
      schema: {
        tags,
        params: PartyTokenParams,
        querystring: PartySearchQuery,
        response: { 200: PartySearchAnswerSchema },
      },
    },
    async (request, reply) => {
      fresh(reply);
      const v = await visitor(request);
      return { tracks: await parties.search(request.params.token, v, request.query.q) };
    },
  );

  r.put(
    '/api/party/:token/track',
    {
      schema: {
        tags,
        params: PartyTokenParams,
        body: AddPartyTrackSchema,
        response: { 200: AddedPartyTrackSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const added = await parties.add(token, await visitor(request), request.body.fileId);
      keepGuest(reply, token, added.newGuestCookie);
      return added.answer;
    },
  );

  r.put(
    '/api/party/:token/vote',
    {
      schema: {
        tags,
        params: PartyTokenParams,
        body: PartyVoteSchema,
        response: { 200: OkSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const { trackId, vote } = request.body;
      const voted = await parties.vote(token, await visitor(request), trackId, vote);
      keepGuest(reply, token, voted.newGuestCookie);
      return voted.answer;
    },
  );

  r.put(
    '/api/party/:partyId/now',
    {
      ...auth,
      schema: { tags, params: PartyIdParams, body: PartyNowSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await parties.reportNow(await request.caller(), request.params.partyId, request.body);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/party/:partyId/track/:trackId',
    { ...auth, schema: { tags, params: PartyTrackParams, response: { 200: OkSchema } } },
    async (request) => {
      const { partyId, trackId } = request.params;
      await parties.removeTrack(await request.caller(), partyId, trackId);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/party/:partyId/guest/:guestId',
    { ...auth, schema: { tags, params: PartyGuestParams, response: { 200: OkSchema } } },
    async (request) => {
      const { partyId, guestId } = request.params;
      await parties.removeGuest(await request.caller(), partyId, guestId);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/party/:partyId',
    { ...auth, schema: { tags, params: PartyIdParams, response: { 200: OkSchema } } },
    async (request) => {
      await parties.end(await request.caller(), request.params.partyId);
      return { ok: true as const };
    },
  );
}
