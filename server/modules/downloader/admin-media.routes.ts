import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { BulkIdsSchema } from '../../../domain/collection';
import type { Sessions } from '../../plugins/session';
import { readSingleFile } from '../../security/multipart-file';
import { MAX_COVER_BYTES, TagsBodySchema, type AdminMediaService } from './admin-media.service';
import { CollectionParams, FileParams, ImportQuery } from './downloader.schemas';

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

  app.post('/downloader/collection/:id/import', async (request) => {
    await sessions.requireAdmin(request);
    const { id } = CollectionParams.parse(request.params);
    const { post } = ImportQuery.parse(request.query);
    // Post-import actions (issue for later) read this; for now it is only recorded in the log.
    request.log.info({ collectionId: id, post }, 'reimport requested');
    return { ok: true, ...(await admin.reimport(id)) };
  });

  // Multipart only in this scope, so no other route starts accepting uploads.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_COVER_BYTES, files: 1, fields: 10 },
    });
    scope.post('/downloader/upload/:id', async (request) => {
      await sessions.requireAdmin(request);
      const { id } = CollectionParams.parse(request.params);
      const bytes = await readSingleFile(request, 'cover');
      return { collectionImageHash: await admin.uploadCover(id, bytes) };
    });
  });
}
