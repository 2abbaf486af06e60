import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { IdParams, OkSchema } from '../../../domain/params';
import {
  FileQuerySchema,
  OTHER_UPLOAD_MAX_BYTES,
  UploadCreatedSchema,
} from '../../../domain/upload';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';
import { sendConfined } from './send-confined';

// Room for the multipart framing around the largest file.
const FRAMING_BYTES = 1024 * 1024;
const tags = ['uploads'];

/** POST and DELETE /api/upload (attachments: support, messages, user uploads) and GET /api/file. */
export function uploadsRoutes(app: FastifyInstance, { config, services }: AppDeps): void {
  const uploads = services.uploadRequests;
  // Signed in before anything is validated (401 before 400).
  const auth = { preValidation: signedIn };

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
    // The parts are read by the service as they arrive: only the answer is declared.
    api(scope).post(
      '/api/upload',
      {
        ...auth,
        bodyLimit: Math.max(config.uploadMaxBytes, OTHER_UPLOAD_MAX_BYTES) + FRAMING_BYTES,
        schema: { tags, response: { 200: UploadCreatedSchema } },
      },
      async (request) => uploads.receive(request, await request.caller()),
    );
  });

  const r = api(app);

  r.delete(
    '/api/upload/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: OkSchema } } },
    async (request) => {
      await uploads.delete(await request.caller(), request.params.id);
      return { ok: true as const };
    },
  );

  // Bytes: the query is declared, no response schema.
  r.get(
    '/api/file',
    { ...auth, schema: { tags, querystring: FileQuerySchema } },
    async (request, reply) =>
      sendConfined(reply, await uploads.open(await request.caller(), request.query.path)),
  );
}
