import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AudioCollectionEditSchema,
  BulkIdsSchema,
  CollectionEditSchema,
  SearchFilterSchema,
} from '../../../domain/collection';
import { requireAdmin } from '../../access/caller';
import type { AppDeps } from '../../app-deps';
import { CatalogueEditRepository } from './catalogue-edit.repository';
import { CatalogueReadRepository } from './catalogue-read.repository';
import { CatalogueService } from './catalogue.service';
import { CatalogueWriteRepository } from './catalogue-write.repository';
import { HomepageRepository } from './homepage.repository';
import { HomepageService } from './homepage.service';
import { SearchRepository } from './search.repository';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});
const RecommendationsQuery = z.object({
  count: z.coerce.number().int().min(1).max(20).optional().default(5),
});

export function createCatalogueService({ db, dialect, settings }: AppDeps): CatalogueService {
  const read = new CatalogueReadRepository(db);
  const homepage = new HomepageService(new HomepageRepository(db), read, settings, dialect);
  const edit = new CatalogueEditRepository(new CatalogueWriteRepository(db, dialect));
  return new CatalogueService(read, new SearchRepository(db, dialect), edit, homepage);
}

/** Catalogue reads (search, homepage, collection pages, queue) and the admin edits. */
export function catalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const catalogue = createCatalogueService(deps);
  const viewer = async (request: FastifyRequest) => catalogue.viewer(await request.caller());
  const admin = async (request: FastifyRequest) => {
    const caller = await request.caller();
    requireAdmin(caller);
    return catalogue.viewer(caller);
  };

  app.post('/api/audio_collection/search', async (request) => {
    const me = await viewer(request);
    return catalogue.search(SearchFilterSchema.parse(request.body ?? {}), me);
  });

  app.get('/api/homepage', async (request) => catalogue.homepage(await viewer(request)));

  app.post('/api/audio_collection/bulk', async (request) => {
    const me = await viewer(request);
    return catalogue.bulk(BulkIdsSchema.parse(request.body).ids, me);
  });

  app.get('/api/audio_collection/:id', async (request) => {
    const me = await viewer(request);
    return catalogue.collection(IdParams.parse(request.params).id, me);
  });

  app.get('/api/collection/:id/unlocked', async (request) => {
    const me = await viewer(request);
    return catalogue.unlocked(IdParams.parse(request.params).id, me);
  });

  app.get('/api/collection/:id/recommendations', async (request) => {
    const me = await viewer(request);
    const { id } = IdParams.parse(request.params);
    return catalogue.recommendations(id, RecommendationsQuery.parse(request.query).count, me);
  });

  app.post('/api/collection/:id', async (request) => {
    const me = await admin(request);
    const { id } = IdParams.parse(request.params);
    return catalogue.editCollection(id, CollectionEditSchema.parse(request.body), me);
  });

  app.post('/api/audio_collection/:id', async (request) => {
    const me = await admin(request);
    const { id } = IdParams.parse(request.params);
    return catalogue.editAudio(id, AudioCollectionEditSchema.parse(request.body), me);
  });
}
