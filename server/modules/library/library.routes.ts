import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ImportJobListSchema,
  ImportJobSchema,
  MissingFilesSchema,
  RemovedMissingSchema,
} from '../../../domain/library-import';
import { positiveId } from '../../../domain/params';
import { adminOnly } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const JobParams = z.object({ jobId: positiveId('jobId') });
const tags = ['library'];

/** Admin: import the configured MUSIC_DIR in the background and follow its progress. */
export async function libraryRoutes(app: FastifyInstance, { services }: AppDeps): Promise<void> {
  const { importJobs: imports, missingFiles } = services;
  await imports.init();
  // MUSIC_DIR followed as it changes (LIBRARY_WATCH); the watch ends with the imports' stop.
  await imports.follow();
  // Before the queue stops (its onClose): the import stops between albums.
  app.addHook('preClose', () => imports.stop());
  const r = api(app);
  const admin = { preValidation: adminOnly };

  r.post(
    '/api/library/import',
    { ...admin, schema: { tags, response: { 200: ImportJobSchema } } },
    () => imports.start(),
  );
  r.get(
    '/api/library/import',
    { ...admin, schema: { tags, response: { 200: ImportJobListSchema } } },
    () => imports.recent(),
  );
  r.get(
    '/api/library/import/:jobId',
    { ...admin, schema: { tags, params: JobParams, response: { 200: ImportJobSchema } } },
    (request) => imports.get(request.params.jobId),
  );

  // Files a scan found gone: counted first, then removed for good when the administrator says so.
  r.get(
    '/api/library/missing',
    { ...admin, schema: { tags, response: { 200: MissingFilesSchema } } },
    async () => ({ count: await missingFiles.countMissing() }),
  );
  r.post(
    '/api/library/missing/remove',
    { ...admin, schema: { tags, response: { 200: RemovedMissingSchema } } },
    async () => ({ removed: await missingFiles.removeMissingNow() }),
  );
}
