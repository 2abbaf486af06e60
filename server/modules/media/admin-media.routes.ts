import type { FastifyInstance } from 'fastify';
import { BulkIdsSchema } from '../../../domain/collection';
import { FileTagsInputSchema, FileTagsSchema } from '../../../domain/collection-page';
import { DeletedCountSchema, FileIdParams } from '../../../domain/media';
import { IdParams, OkSchema } from '../../../domain/params';
import { adminOnly } from '../../access/request-caller';
import { api } from '../../plugins/route-schemas';
import type { AdminMediaService } from './admin-media.service';

// A base64 cover of 10 MB plus the text tags; the app-wide JSON limit is 1 MiB.
const TAGS_BODY_LIMIT = 16 * 1024 * 1024;
const tags = ['media'];

/** Administrators' calls on the files themselves: tags and deletes. */
export function adminMediaRoutes(app: FastifyInstance, admin: AdminMediaService): void {
  const r = api(app);
  const adminFirst = { preValidation: adminOnly };

  r.get(
    '/downloader/tags/:fileId',
    { ...adminFirst, schema: { tags, params: FileIdParams, response: { 200: FileTagsSchema } } },
    async (request) => admin.tags(request.params.fileId),
  );

  r.post(
    '/downloader/tags/:fileId',
    {
      ...adminFirst,
      bodyLimit: TAGS_BODY_LIMIT,
      schema: {
        tags,
        params: FileIdParams,
        body: FileTagsInputSchema,
        response: { 200: FileTagsSchema },
      },
    },
    async (request) =>
      admin.writeTags(request.params.fileId, request.body, (err) =>
        request.log.warn({ err }, 'tag write failed'),
      ),
  );

  r.delete(
    '/downloader/file/:fileId',
    { ...adminFirst, schema: { tags, params: FileIdParams, response: { 200: OkSchema } } },
    async (request) => {
      await admin.deleteFile(request.params.fileId);
      return { ok: true as const };
    },
  );

  // A static path: find-my-way matches it before the parametric /collection/:id below.
  r.delete(
    '/downloader/collection/bulk',
    { ...adminFirst, schema: { tags, body: BulkIdsSchema, response: { 200: DeletedCountSchema } } },
    async (request) => ({ deleted: await admin.deleteCollections(request.body.ids) }),
  );

  r.delete(
    '/downloader/collection/:id',
    { ...adminFirst, schema: { tags, params: IdParams, response: { 200: OkSchema } } },
    async (request) => {
      await admin.deleteCollection(request.params.id);
      return { ok: true as const };
    },
  );
}
