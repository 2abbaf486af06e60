import type { Kysely, Migration } from 'kysely';

/**
 * Each track's EBU R128 loudness, beside its waveform peaks: integrated loudness (LUFS) and true
 * peak (dBTP), null until measured. `loudness_attempts` lets the backfill give up on a file
 * ffmpeg cannot read instead of trying it on every start.
 */
export function loudness(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('audio').addColumn('loudness', 'real').execute();
      await db.schema.alterTable('audio').addColumn('true_peak', 'real').execute();
      await db.schema
        .alterTable('audio')
        .addColumn('loudness_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['loudness_attempts', 'true_peak', 'loudness'])
        await db.schema.alterTable('audio').dropColumn(column).execute();
    },
  };
}
