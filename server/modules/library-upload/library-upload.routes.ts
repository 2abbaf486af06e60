import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreatedCollectionSchema,
  ImportAnswerSchema,
  NewCollectionSchema,
  UploadAnswerSchema,
  UploadTargetSchema,
} from '../../../domain/library-upload';
import { ImportQuerySchema } from '../../../domain/media';
import { IdParams } from '../../../domain/params';
import { serverId } from '../../../domain/servers';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';
import { forEachFilePart } from '../../security/multipart-file';
import { receiveStream, removeQuietly, uploadLimits, type ReceivedFile } from '../uploads';

const ServerParams = z.object({ server: serverId('server') });
const tags = ['library-upload'];

/** Files one request may carry; the uploader sends one per request for its progress bars. */
const MAX_FILES_PER_REQUEST = 100;

/** New collections, uploads into them (multipart; tus has its own routes) and their import. */
export function libraryUploadRoutes(app: FastifyInstance, { config, services }: AppDeps): void {
  const uploads = services.libraryUploads;
  const r = api(app);
  // Signed in before anything is validated (401 before 400).
  const auth = { preValidation: signedIn };

  r.put(
    '/downloader/collection/:server',
    {
      ...auth,
      schema: {
        tags,
        params: ServerParams,
        body: NewCollectionSchema,
        response: { 200: CreatedCollectionSchema },
      },
    },
    async (request) => ({
      collectionId: await uploads.createCollection(
        await request.caller(),
        request.params.server,
        request.body.name,
      ),
    }),
  );

  r.get(
    '/api/collection/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: UploadTargetSchema } } },
    async (request) => uploads.target(await request.caller(), request.params.id),
  );

  r.post(
    '/downloader/collection/:id/import',
    {
      ...auth,
      schema: {
        tags,
        params: IdParams,
        querystring: ImportQuerySchema,
        response: { 200: ImportAnswerSchema },
      },
    },
    async (request) =>
      uploads.importCollection(
        await request.caller(),
        request.params.id,
        request.query.post,
        request.log,
      ),
  );

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
    // The parts are read here, as they arrive: only the path is declared.
    api(scope).post(
      '/downloader/upload/:id',
      { ...auth, schema: { tags, params: IdParams, response: { 200: UploadAnswerSchema } } },
      async (request) => {
        const collection = await uploads.writable(await request.caller(), request.params.id);
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
      },
    );
  });
}
