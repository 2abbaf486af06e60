import type { FastifyInstance } from 'fastify';
import { OkSchema } from '../../../domain/params';
import {
  AdminSubscriptionListSchema,
  EpisodeIdParams,
  EpisodePositionSchema,
  EpisodeStreamQuerySchema,
  PodcastDetailSchema,
  PodcastIdParams,
  PodcastListSchema,
  PodcastSettingsSchema,
  SubscribedSchema,
  SubscribeSchema,
} from '../../../domain/podcasts';
import { adminOnly, signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['podcasts'];

/** Podcasts (issue 49): cookie calls of signed-in users with the podcasts right. */
export function podcastsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { podcasts, podcastFetcher } = services;
  const r = api(app);
  const auth = { preValidation: signedIn };
  const ok = { 200: OkSchema };

  r.put(
    '/api/podcast',
    {
      ...auth,
      schema: { tags, body: SubscribeSchema, response: { 200: SubscribedSchema } },
    },
    async (request) => podcasts.subscribe(await request.caller(), request.body.url),
  );

  r.get(
    '/api/podcast',
    { ...auth, schema: { tags, response: { 200: PodcastListSchema } } },
    async (request) => ({ podcasts: await podcasts.list(await request.caller()) }),
  );

  r.get(
    '/api/podcast/:id',
    { ...auth, schema: { tags, params: PodcastIdParams, response: { 200: PodcastDetailSchema } } },
    async (request) => podcasts.detail(await request.caller(), request.params.id),
  );

  r.post(
    '/api/podcast/:id/refresh',
    {
      ...auth,
      schema: { tags, params: PodcastIdParams, response: { 200: PodcastDetailSchema } },
    },
    async (request) => podcasts.refresh(await request.caller(), request.params.id),
  );

  r.post(
    '/api/podcast/:id/settings',
    {
      ...auth,
      schema: { tags, params: PodcastIdParams, body: PodcastSettingsSchema, response: ok },
    },
    async (request) => {
      const caller = await request.caller();
      await podcasts.setAutoDownload(caller, request.params.id, request.body.autoDownload);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/podcast/:id',
    { ...auth, schema: { tags, params: PodcastIdParams, response: ok } },
    async (request) => {
      await podcasts.unsubscribe(await request.caller(), request.params.id);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/podcast/episode/:episodeId/download',
    { ...auth, schema: { tags, params: EpisodeIdParams, response: ok } },
    async (request) => {
      await podcasts.requestDownload(await request.caller(), request.params.episodeId);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/podcast/episode/:episodeId/download',
    { ...auth, schema: { tags, params: EpisodeIdParams, response: ok } },
    async (request) => {
      await podcasts.deleteDownload(await request.caller(), request.params.episodeId);
      return { ok: true as const };
    },
  );

  // Bytes with ranges: no response schema.
  r.get(
    '/api/podcast/episode/:episodeId/stream',
    {
      ...auth,
      schema: { tags, params: EpisodeIdParams, querystring: EpisodeStreamQuerySchema },
    },
    async (request, reply) => {
      const caller = await request.caller();
      const episode = await podcasts.episode(caller, request.params.episodeId);
      await podcastFetcher.stream(request, reply, caller, episode, request.query.whole);
      return reply;
    },
  );

  r.put(
    '/api/podcast/episode/:episodeId/position',
    {
      ...auth,
      schema: { tags, params: EpisodeIdParams, body: EpisodePositionSchema, response: ok },
    },
    async (request) => {
      await podcasts.setPosition(await request.caller(), request.params.episodeId, request.body);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/admin/podcast',
    { preValidation: adminOnly, schema: { tags, response: { 200: AdminSubscriptionListSchema } } },
    async (request) => ({ subscriptions: await podcasts.allSubscriptions(await request.caller()) }),
  );

  r.delete(
    '/api/admin/podcast/subscription/:id',
    { preValidation: adminOnly, schema: { tags, params: PodcastIdParams, response: ok } },
    async (request) => {
      await podcasts.removeSubscription(await request.caller(), request.params.id);
      return { ok: true as const };
    },
  );
}
