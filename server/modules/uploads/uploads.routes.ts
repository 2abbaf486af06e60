import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OTHER_UPLOAD_MAX_BYTES, type UploadCreated } from '../../../domain/upload';
import type { AppDeps } from '../../app-deps';
import { sendConfined } from './send-confined';
import { UploadRequestsService } from './uploads-requests.service';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});
const FileQuery = z.object({
  path: z.string({ error: 'path is required' }).min(1, 'path is required').max(512),
});
// Room for the multipart framing around the largest file.
const FRAMING_BYTES = 1024 * 1024;

export function uploadsRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  const uploads = new UploadRequestsService(db, config.dataDir, config.uploadMaxBytes);

  // Multipart only in this scope, so no other route starts accepting uploads.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // The parser's cap is the larger limit; UploadInspector applies the one of the file's type.
      limits: {
        fileSize: Math.max(config.uploadMaxBytes, OTHER_UPLOAD_MAX_BYTES),
        files: 1,
        fields: 4,
        parts: 5,
      },
      // Keep the name as sent: busboy would otherwise cut "../x" down to "x" and hide the attempt.
      preservePath: true,
    });
    scope.post(
      '/api/upload',
      { bodyLimit: Math.max(config.uploadMaxBytes, OTHER_UPLOAD_MAX_BYTES) + FRAMING_BYTES },
      async (request): Promise<UploadCreated> => uploads.receive(request, await request.caller()),
    );
  });

  app.delete('/api/upload/:id', async (request) => {
    const caller = await request.caller();
    await uploads.delete(caller, IdParams.parse(request.params).id);
    return { ok: true };
  });

  app.get('/api/file', async (request, reply) => {
    const caller = await request.caller();
    return sendConfined(reply, await uploads.open(caller, FileQuery.parse(request.query).path));
  });
}
