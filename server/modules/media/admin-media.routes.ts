import type { FastifyInstance } from 'fastify';
import { adminOnly } from '../../access/request-caller';
import { BulkIdsSchema } from '../../../domain/collection';
import { TagsBodySchema, type AdminMediaService } from './admin-media.service';
import { CollectionParams, FileParams } from './media.schemas';

// A base64 cover of 10 MB plus the text tags; the app-wide JSON limit is 1 MiB.
const TAGS_BODY_LIMIT = 16 * 1024 * 1024;

export function adminMediaRoutes(app: FastifyInstance, admin: AdminMediaService): void {
  app.get('/downloader/tags/:fileId', { preValidation: adminOnly }, async (request) => {
    return admin.tags(FileParams.parse(request.params).fileId);
  });

  app.post(
    '/downloader/tags/:fileId',
    { preValidation: adminOnly, bodyLimit: TAGS_BODY_LIMIT },
    async (request) => {
      const { fileId } = FileParams.parse(request.params);
      const body = TagsBodySchema.parse(request.body);
      return admin.writeTags(fileId, body, (err) => request.log.warn({ err }, 'tag write failed'));
    },
  );

  app.delete('/downloader/file/:fileId', { preValidation: adminOnly }, async (request) => {
    await admin.deleteFile(FileParams.parse(request.params).fileId);
    return { ok: true };
  });

  // A static path: find-my-way matches it before the parametric /collection/:id below.
  app.delete('/downloader/collection/bulk', { preValidation: adminOnly }, async (request) => {
    const { ids } = BulkIdsSchema.parse(request.body);
    return { deleted: await admin.deleteCollections(ids) };
  });

  app.delete('/downloader/collection/:id', { preValidation: adminOnly }, async (request) => {
    await admin.deleteCollection(CollectionParams.parse(request.params).id);
    return { ok: true };
  });
}
