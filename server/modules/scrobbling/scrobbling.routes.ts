import type { FastifyInstance } from 'fastify';
import { OkSchema } from '../../../domain/params';
import {
  LastfmCallbackQuerySchema,
  ListensAnswerSchema,
  ListensBodySchema,
  NowPlayingBodySchema,
  PutScrobblingSchema,
  ScrobblingStatusSchema,
} from '../../../domain/scrobbling';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../errors';
import { api } from '../../plugins/route-schemas';

const tags = ['scrobbling'];

/**
 * Scrobbling (issue 33, section 2): the account page's connections and the web app's plays.
 * Cookie calls, so the session and XSRF rules apply; the Last.fm callback is a GET the
 * browser comes back with, bound to the user by the signed `state` of its connect.
 */
export function scrobblingRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { listens, scrobbling: accounts } = services;
  const r = api(app);
  const auth = { preValidation: signedIn };

  r.get(
    '/api/user/scrobbling',
    { ...auth, schema: { tags, response: { 200: ScrobblingStatusSchema } } },
    async (request) => accounts.status(await request.caller()),
  );

  r.put(
    '/api/user/scrobbling',
    {
      ...auth,
      schema: { tags, body: PutScrobblingSchema, response: { 200: ScrobblingStatusSchema } },
    },
    async (request) => accounts.update(await request.caller(), request.body),
  );

  r.get(
    '/api/user/scrobbling/lastfm/connect',
    { ...auth, schema: { tags } },
    async (request, reply) =>
      reply.redirect(accounts.lastfmAuthorizeUrl(await request.caller()), 302),
  );

  r.get(
    '/api/user/scrobbling/lastfm/callback',
    { ...auth, schema: { tags, querystring: LastfmCallbackQuerySchema } },
    async (request, reply) => {
      const caller = await request.caller();
      let outcome = 'connected';
      try {
        await accounts.lastfmCallback(caller, request.query.token, request.query.state);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500)
          request.log.warn({ err: error });
        outcome = 'failed';
      }
      // Back to the account page, which shows the connection (or says it failed).
      return reply.redirect(`/user/${caller.userId}?lastfm=${outcome}`, 302);
    },
  );

  r.post(
    '/api/user/listens',
    { ...auth, schema: { tags, body: ListensBodySchema, response: { 200: ListensAnswerSchema } } },
    async (request) => ({
      queued: await listens.report(await request.caller(), request.body.listens, true, 'web'),
    }),
  );

  r.post(
    '/api/user/now-playing',
    { ...auth, schema: { tags, body: NowPlayingBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await listens.nowPlaying(await request.caller(), request.body.fileId);
      return { ok: true as const };
    },
  );
}
