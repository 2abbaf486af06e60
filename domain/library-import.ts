import { z } from 'zod';

/** A file (or the whole folder) an import could not take, and why. */
export const ImportProblemSchema = z.object({ path: z.string(), error: z.string() });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** An admin-started import of MUSIC_DIR: POST/GET /api/library/import, GET .../{jobId}. */
export const ImportJobSchema = z.object({
  jobId: z.number().int(),
  folder: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  filesTotal: z.number().int(),
  filesDone: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  problems: z.array(ImportProblemSchema),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

/** GET /api/library/import: the latest imports, newest first. */
export const ImportJobListSchema = z.array(ImportJobSchema);
