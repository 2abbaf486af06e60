import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { positiveId } from '../../../domain/params';
import {
  UserUploadImportedSchema,
  UserUploadImportSchema,
  UserUploadInputSchema,
  UserUploadListSchema,
  UserUploadSchema,
  UserUploadsQuerySchema,
} from '../../../domain/user-upload';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const UploadParams = z.object({ uploadId: positiveId('uploadId') });
const tags = ['user-upload'];

/** /user-upload: offering one's audio uploads to the library, and the admins' table of them. */
export function userUploadRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { userUploads } = services;
  const r = api(app);
  // Signed in before anything is validated (401 before 400).
  const auth = { preValidation: signedIn };

  r.post(
    '/api/upload/music',
    {
      ...auth,
      schema: { tags, body: UserUploadInputSchema, response: { 200: UserUploadSchema } },
    },
    async (request) =>
      userUploads.submit(await request.caller(), request.body.uploadId, request.body.description),
  );

  r.get(
    '/api/upload/music',
    {
      ...auth,
      schema: {
        tags,
        querystring: UserUploadsQuerySchema,
        response: { 200: UserUploadListSchema },
      },
    },
    async (request) =>
      userUploads.list(await request.caller(), request.query.offset, request.query.count),
  );

  r.post(
    '/api/upload/:uploadId/import',
    {
      ...auth,
      schema: {
        tags,
        params: UploadParams,
        body: UserUploadImportSchema,
        response: { 200: UserUploadImportedSchema },
      },
    },
    async (request) =>
      userUploads.import(
        await request.caller(),
        request.params.uploadId,
        request.body,
        request.log,
      ),
  );
}
