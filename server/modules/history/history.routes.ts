import type { FastifyInstance } from 'fastify';
import {
  CreatedYearShareSchema,
  CreateYearShareSchema,
  HistoryPageSchema,
  HistoryQuerySchema,
  ListeningTotalsSchema,
  ListenIdParams,
  StatsQuerySchema,
  YearFiguresSchema,
  YearShareIdParams,
  YearShareListSchema,
  YearShareTokenParams,
  YearStatsSchema,
} from '../../../domain/history';
import { OkSchema } from '../../../domain/params';
import { adminOnly, signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['history'];

/**
 * Listening history and the year in review (issue 48). Cookie calls (session and XSRF rules
 * apply), each on the caller's own listens; administrators' totals cover everyone and list no
 * one's plays. Opening a year share link needs no session: the token is the right to see.
 */
export function historyRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { history, yearShares } = services;
  const r = api(app);
  const auth = { preValidation: signedIn };

  r.get(
    '/api/user/history',
    {
      ...auth,
      schema: { tags, querystring: HistoryQuerySchema, response: { 200: HistoryPageSchema } },
    },
    async (request) => history.page(await request.caller(), request.query),
  );

  r.delete(
    '/api/user/history/:listenId',
    { ...auth, schema: { tags, params: ListenIdParams, response: { 200: OkSchema } } },
    async (request) => {
      await history.deleteOne(await request.caller(), request.params.listenId);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/user/history',
    { ...auth, schema: { tags, response: { 200: OkSchema } } },
    async (request) => {
      await history.deleteAll(await request.caller());
      return { ok: true as const };
    },
  );

  r.get(
    '/api/user/stats',
    {
      ...auth,
      schema: { tags, querystring: StatsQuerySchema, response: { 200: YearStatsSchema } },
    },
    async (request) => history.stats(await request.caller(), request.query.year),
  );

  r.get(
    '/api/admin/listening',
    {
      preValidation: adminOnly,
      schema: { tags, querystring: StatsQuerySchema, response: { 200: ListeningTotalsSchema } },
    },
    async (request) => history.totals(await request.caller(), request.query.year),
  );

  r.post(
    '/api/user/year-shares',
    {
      ...auth,
      schema: { tags, body: CreateYearShareSchema, response: { 200: CreatedYearShareSchema } },
    },
    async (request) => yearShares.create(await request.caller(), request.body.year),
  );

  r.get(
    '/api/user/year-shares',
    { ...auth, schema: { tags, response: { 200: YearShareListSchema } } },
    async (request) => yearShares.list(await request.caller()),
  );

  r.delete(
    '/api/user/year-shares/:yearShareId',
    { ...auth, schema: { tags, params: YearShareIdParams, response: { 200: OkSchema } } },
    async (request) => {
      await yearShares.revoke(await request.caller(), request.params.yearShareId);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/year-share/:token',
    { schema: { tags, params: YearShareTokenParams, response: { 200: YearFiguresSchema } } },
    async (request, reply) => {
      const figures = await yearShares.open(request.params.token, request.ip);
      // The link may be revoked at any moment: never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache');
      return figures;
    },
  );
}
