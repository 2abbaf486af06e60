import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NewCollectionSchema } from '../../../domain/library-upload';
import type { AppDeps } from '../../app-deps';
import { forEachFilePart } from '../../security/multipart-file';
import { CollectionParams, ImportQuery } from '../media/media.schemas';
import {
  receiveStream,
  removeQuietly,
  uploadLimits,
  type ReceivedFile,
} from '../uploads/file-intake';
import type { LibraryUploadService } from './library-upload.service';

const ServerParams = z.object({
  server: z.coerce
    .number({ error: 'server must be a number' })
    .int()
    .nonnegative()
    .max(2 ** 31 - 1),
});

/** Files one request may carry; the uploader sends one per request for its progress bars. */
const MAX_FILES_PER_REQUEST = 100;

export function libraryUploadRoutes(
  app: FastifyInstance,
  { config }: AppDeps,
  uploads: LibraryUploadService,
): void {
  const caller = (request: FastifyRequest) => request.caller();

  app.put('/downloader/collection/:server', async (request) => {
    const who = await caller(request);
    const { server } = ServerParams.parse(request.params);
    const { name } = NewCollectionSchema.parse(request.body);
    return { collectionId: await uploads.createCollection(who, server, name) };
  });

  app.get('/api/collection/:id', async (request) =>
    uploads.target(await caller(request), CollectionParams.parse(request.params).id),
  );

  app.post('/downloader/collection/:id/import', async (request) => {
    const who = await caller(request);
    const { id } = CollectionParams.parse(request.params);
    const { post } = ImportQuery.parse(request.query);
    return uploads.importCollection(who, id, post, request.log);
  });

  const limits = uploadLimits(config.uploadMaxBytes);
  // Multipart only in this scope, so no other route starts accepting uploads.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // The name as sent, so one with a path is refused rather than quietly cut to its last part.
      preservePath: true,
      // One byte over the largest limit, so file-intake sees (and names) the overflow itself.
      limits: {
        fileSize: Math.max(...Object.values(limits)) + 1,
        files: MAX_FILES_PER_REQUEST,
        fields: 10,
      },
    });
    scope.post('/downloader/upload/:id', async (request) => {
      const who = await caller(request);
      const collection = await uploads.writable(who, CollectionParams.parse(request.params).id);
      const received: ReceivedFile[] = [];
      await forEachFilePart(
        request,
        'audio',
        async (part) => {
          received.push(await receiveStream(part.file, collection.folder, part.filename, limits));
        },
        async () => {
          for (const file of received) await removeQuietly(file.tempPath);
        },
      );
      return uploads.store(collection, received);
    });
  });
}
