import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  UserUploadImportSchema,
  UserUploadInputSchema,
  UserUploadsQuerySchema,
  type UserUpload,
  type UserUploadImported,
  type UserUploadList,
} from '../../../domain/user-upload';
import type { AppDeps } from '../../app-deps';
import type { LibraryUploadService } from '../library-upload/library-upload.service';
import { UserUploadService } from './user-upload.service';

const UploadParams = z.object({
  uploadId: z.coerce
    .number({ error: 'uploadId must be a number' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** /user-upload: offering one's audio uploads to the library, and the admins' table of them. */
export function userUploadRoutes(
  app: FastifyInstance,
  { db, config }: AppDeps,
  library: LibraryUploadService,
): void {
  const userUploads = new UserUploadService(db, config.dataDir, library);

  app.post('/api/upload/music', async (request): Promise<UserUpload> => {
    const caller = await request.caller();
    const input = UserUploadInputSchema.parse(request.body);
    return userUploads.submit(caller, input.uploadId, input.description);
  });

  app.get('/api/upload/music', async (request): Promise<UserUploadList> => {
    const caller = await request.caller();
    const { offset, count } = UserUploadsQuerySchema.parse(request.query);
    return userUploads.list(caller, offset, count);
  });

  app.post('/api/upload/:uploadId/import', async (request): Promise<UserUploadImported> => {
    const caller = await request.caller();
    const { uploadId } = UploadParams.parse(request.params);
    const target = UserUploadImportSchema.parse(request.body);
    return userUploads.import(caller, uploadId, target, request.log);
  });
}
