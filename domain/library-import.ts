import { z } from 'zod';

/** A file (or the whole folder) an import could not take, and why. */
export const ImportProblemSchema = z.object({ path: z.string(), error: z.string() });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

const count = z.number().int().nonnegative();

/**
 * What a finished scan of MUSIC_DIR found: audio files seen, new, changed on disk (read again),
 * moved (found elsewhere by their content, same ids), missing (gone: hidden, kept until
 * purged) and restored (missing files found again). Older imports have none.
 */
export const ScanSummarySchema = z.object({
  seen: count,
  new: count,
  changed: count,
  moved: count,
  missing: count,
  restored: count.optional(),
});
export type ScanSummary = z.infer<typeof ScanSummarySchema>;

/**
 * An import (scan) of MUSIC_DIR, started by an administrator, the schedule or the folder watch:
 * POST/GET /api/library/import, GET .../{jobId}.
 */
export const ImportJobSchema = z.object({
  jobId: z.number().int(),
  folder: z.string(),
  /** The library scanned (domain/libraries.ts); null for imports recorded before libraries. */
  libraryId: z.number().int().nullable().optional(),
  state: z.enum(['running', 'done', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  filesTotal: z.number().int(),
  filesDone: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  problems: z.array(ImportProblemSchema),
  /** Set when the scan ended (null while running, and for imports recorded before). */
  summary: ScanSummarySchema.nullable().optional(),
  /** While running: an estimate of the seconds left, from the pace so far; else null. */
  secondsLeft: z.number().int().nonnegative().nullable().optional(),
  /**
   * The analysis of the files the scan added (waveform and loudness, one decode each), once it
   * has started: files analysed of those to analyse, and while running the seconds left at its
   * own pace. Null before, and for scans that added nothing.
   */
  analysis: z
    .object({
      done: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      secondsLeft: z.number().int().nonnegative().nullable(),
    })
    .nullable()
    .optional(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

/** GET /api/library/import: the latest imports, newest first. */
export const ImportJobListSchema = z.array(ImportJobSchema);

/** GET /api/library/missing: files a scan found gone from MUSIC_DIR (hidden, not yet purged). */
export const MissingFilesSchema = z.object({ count: count });
export type MissingFiles = z.infer<typeof MissingFilesSchema>;

/** POST /api/library/missing/remove: how many missing files were removed for good. */
export const RemovedMissingSchema = z.object({ removed: count });
export type RemovedMissing = z.infer<typeof RemovedMissingSchema>;
