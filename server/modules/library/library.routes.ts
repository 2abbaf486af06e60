import type { FastifyInstance } from 'fastify';
import { adminOnly } from '../../access/request-caller';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ImportJobsService } from './import-jobs.service';

const JobParams = z.object({ jobId: z.coerce.number().int().positive() });

/** Admin: import the configured MUSIC_DIR in the background and follow its progress. */
export async function libraryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const imports = new ImportJobsService(deps.db, deps.dialect, deps.config, app.log);
  await imports.init();
  const guard = { preValidation: adminOnly };

  app.post('/api/library/import', guard, () => imports.start());
  app.get('/api/library/import', guard, () => imports.recent());
  app.get('/api/library/import/:jobId', guard, (request) =>
    imports.get(JobParams.parse(request.params).jobId),
  );
}
