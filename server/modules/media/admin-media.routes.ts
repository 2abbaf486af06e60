import type { FastifyInstance } from 'fastify';
import { BulkIdsSchema } from '../../../domain/collection';
import type { Sessions } from '../../plugins/session';
import { TagsBodySchema, type AdminMediaService } from './admin-media.service';
import { CollectionParams, FileParams } from './media.schemas';

// A base64 cover of 10 MB plus the text tags; the app-wide JSON limit is 1 MiB.
const TAGS_BODY_LIMIT = 16 * 1024 * 1024;

export function adminMediaRoutes(
  app: FastifyInstance,
  sessions: Sessions,
  admin: AdminMediaService,
): void {
  app.get('/downloader/tags/:fileId', async (request) => {
    await sessions.requireAdmin(request);
    return admin.tags(FileParams.parse(request.params).fileId);
  });

  app.post('/downloader/tags/:fileId', { bodyLimit: TAGS_BODY_LIMIT }, async (request) => {
    await sessions.requireAdmin(request);
    const { fileId } = FileParams.parse(request.params);
    const body = TagsBodySchema.parse(request.body);
    return admin.writeTags(fileId, body, (err) => request.log.warn({ err }, 'tag write failed'));
  });

  app.delete('/downloader/file/:fileId', async (request) => {
    await sessions.requireAdmin(request);
    await admin.deleteFile(FileParams.parse(request.params).fileId);
    return { ok: true };
  });

  // A static path: find-my-way matches it before the parametric /collection/:id below.
  app.delete('/downloader/collection/bulk', async (request) => {
    await sessions.requireAdmin(request);
    const { ids } = BulkIdsSchema.parse(request.body);
    return { deleted: await admin.deleteCollections(ids) };
  });

  app.delete('/downloader/collection/:id', async (request) => {
    await sessions.requireAdmin(request);
    await admin.deleteCollection(CollectionParams.parse(request.params).id);
    return { ok: true };
  });
}
