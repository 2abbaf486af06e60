import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ImportJobListSchema,
  ImportJobSchema,
  MissingFilesSchema,
  RemovedMissingSchema,
} from '../../../domain/library-import';
import {
  AdminLibrarySchema,
  LibraryListSchema,
  LibraryRemovedSchema,
  LibraryRenameSchema,
  NewLibrarySchema,
} from '../../../domain/libraries';
import { positiveId } from '../../../domain/params';
import { adminOnly, signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const JobParams = z.object({ jobId: positiveId('jobId') });
const LibraryParams = z.object({ libraryId: positiveId('libraryId') });
const tags = ['library'];

/**
 * Libraries (MUSIC_DIR and the ones administrators add): listed to whoever sees them; added,
 * renamed, removed and scanned by administrators, who follow each scan's progress.
 */
export async function libraryRoutes(app: FastifyInstance, { services }: AppDeps): Promise<void> {
  const { importJobs: imports, missingFiles, libraries } = services;
  await libraries.init();
  await imports.init();
  // Each library followed as it changes (LIBRARY_WATCH); the watch ends with the imports' stop.
  await imports.follow();
  await imports.catchUp();
  // Before the queue stops (its onClose): the import stops between albums.
  app.addHook('preClose', () => imports.stop());
  const r = api(app);
  const admin = { preValidation: adminOnly };

  r.get(
    '/api/libraries',
    { preValidation: signedIn, schema: { tags, response: { 200: LibraryListSchema } } },
    async (request) => ({ libraries: await libraries.list(await request.caller()) }),
  );
  r.put(
    '/api/library',
    { ...admin, schema: { tags, body: NewLibrarySchema, response: { 200: AdminLibrarySchema } } },
    async (request) => libraries.add(await request.caller(), request.body),
  );
  r.post(
    '/api/library/:libraryId',
    {
      ...admin,
      schema: {
        tags,
        params: LibraryParams,
        body: LibraryRenameSchema,
        response: { 200: AdminLibrarySchema },
      },
    },
    async (request) =>
      libraries.rename(await request.caller(), request.params.libraryId, request.body.name),
  );
  r.delete(
    '/api/library/:libraryId',
    {
      ...admin,
      schema: { tags, params: LibraryParams, response: { 200: LibraryRemovedSchema } },
    },
    async (request) => libraries.remove(await request.caller(), request.params.libraryId),
  );
  r.post(
    '/api/library/:libraryId/scan',
    { ...admin, schema: { tags, params: LibraryParams, response: { 200: ImportJobSchema } } },
    async (request) => libraries.scan(await request.caller(), request.params.libraryId),
  );

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
