import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AudioCollectionEditSchema,
  BulkIdsSchema,
  CollectionEditSchema,
  CollectionSchema,
  CollectionWithFilesSchema,
  RecommendationsQuerySchema,
  SearchFilterSchema,
  SearchResponseSchema,
} from '../../../domain/collection';
import { UnlockedSchema } from '../../../domain/collection-page';
import { HomepageSchema } from '../../../domain/homepage';
import { bodyOrEmpty, IdParams } from '../../../domain/params';
import { adminOnly } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['catalogue'];

/** Catalogue reads (search, homepage, collection pages, queue) and the admin edits. */
export function catalogueRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { catalogue } = services;
  const r = api(app);
  const viewer = async (request: FastifyRequest) => catalogue.viewer(await request.caller());
  // Signed in with the browse right before anything is validated (401/403 before 400).
  const browsing = {
    preValidation: async (request: FastifyRequest) => {
      await viewer(request);
    },
  };
  // Administrators always browse; the handler's viewer() is the same check.
  const admin = { preValidation: adminOnly };

  r.post(
    '/api/audio_collection/search',
    {
      ...browsing,
      schema: {
        tags,
        body: bodyOrEmpty(SearchFilterSchema),
        response: { 200: SearchResponseSchema },
      },
    },
    async (request) => catalogue.search(request.body, await viewer(request)),
  );

  r.get(
    '/api/homepage',
    { ...browsing, schema: { tags, response: { 200: HomepageSchema } } },
    async (request) => catalogue.homepage(await viewer(request)),
  );

  r.post(
    '/api/audio_collection/bulk',
    {
      ...browsing,
      schema: { tags, body: BulkIdsSchema, response: { 200: z.array(CollectionWithFilesSchema) } },
    },
    async (request) => catalogue.bulk(request.body.ids, await viewer(request)),
  );

  r.get(
    '/api/audio_collection/:id',
    {
      ...browsing,
      schema: { tags, params: IdParams, response: { 200: CollectionWithFilesSchema } },
    },
    async (request) => catalogue.collection(request.params.id, await viewer(request)),
  );

  r.get(
    '/api/collection/:id/unlocked',
    { ...browsing, schema: { tags, params: IdParams, response: { 200: UnlockedSchema } } },
    async (request) => catalogue.unlocked(request.params.id, await viewer(request)),
  );

  r.get(
    '/api/collection/:id/recommendations',
    {
      ...browsing,
      schema: {
        tags,
        params: IdParams,
        querystring: RecommendationsQuerySchema,
        response: { 200: z.array(CollectionSchema) },
      },
    },
    async (request) =>
      catalogue.recommendations(request.params.id, request.query.count, await viewer(request)),
  );

  r.post(
    '/api/collection/:id',
    {
      ...admin,
      schema: {
        tags,
        params: IdParams,
        body: CollectionEditSchema,
        response: { 200: CollectionSchema },
      },
    },
    async (request) =>
      catalogue.editCollection(request.params.id, request.body, await viewer(request)),
  );

  r.post(
    '/api/audio_collection/:id',
    {
      ...admin,
      schema: {
        tags,
        params: IdParams,
        body: AudioCollectionEditSchema,
        response: { 200: CollectionSchema },
      },
    },
    async (request) => catalogue.editAudio(request.params.id, request.body, await viewer(request)),
  );
}
