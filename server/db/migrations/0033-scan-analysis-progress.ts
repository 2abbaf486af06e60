import type { Kysely, Migration } from 'kysely';

/**
 * A scan's second phase, the analysis of the files it added (waveform peaks and loudness), has a
 * count of its own (issue 46: the remaining count and time shown in the scan status): the file
 * walk's files_done/files_total stay what they were, and the analysis pace starts at its own
 * clock, so its time left is not diluted by the walk.
 */
export const scanAnalysisProgress: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('import_jobs')
      .addColumn('analysis_total', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('import_jobs')
      .addColumn('analysis_done', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('import_jobs').addColumn('analysis_started_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['analysis_started_at', 'analysis_done', 'analysis_total'])
      await db.schema.alterTable('import_jobs').dropColumn(column).execute();
  },
};
