import { z } from 'zod';

/** The daily backup: on or off, when (server time, HH:MM), how many to keep, and where. */
export const BackupScheduleSchema = z.object({
  enabled: z.boolean(),
  timeOfDay: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'timeOfDay is HH:MM, 00:00 to 23:59' }),
  retention: z.number().int().min(1).max(365),
  /** An absolute folder on the server; null means DATA_DIR/backups. */
  folder: z
    .string()
    .max(1000)
    .refine((value) => value.startsWith('/') && !value.includes('\0'), {
      error: 'folder must be an absolute path',
    })
    .nullable(),
});
export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;

export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = {
  enabled: false,
  timeOfDay: '03:00',
  retention: 7,
  folder: null,
};

export const BACKUP_STATES = ['running', 'done', 'failed'] as const;

/** One backup an administrator started or the schedule ran. */
export const BackupRunSchema = z.object({
  backupId: z.number().int(),
  trigger: z.enum(['manual', 'scheduled']),
  state: z.enum(BACKUP_STATES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The finished backup's folder (absolute), or where it was being written. */
  folder: z.string().nullable(),
  sizeBytes: z.number().int().nonnegative(),
  fileCount: z.number().int().nonnegative(),
  /** 0..1 while running: database first, then the files by bytes. */
  progress: z.number().min(0).max(1),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof BackupRunSchema>;

/** GET /api/admin/backups */
export const BackupStatusSchema = z.object({
  schedule: BackupScheduleSchema,
  /** Where backups go when the schedule names no folder. */
  defaultFolder: z.string(),
  current: BackupRunSchema.nullable(),
  last: BackupRunSchema.nullable(),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>;

/** The latest daily backup time (timeOfDay, UTC) at or before `now`. */
export function lastBackupSlot(timeOfDay: string, now: Date): Date {
  const [hours = 0, minutes = 0] = timeOfDay.split(':').map(Number);
  const slot = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes);
  return new Date(slot <= now.getTime() ? slot : slot - 24 * 60 * 60 * 1000);
}

/**
 * Whether the daily backup is due at `now`, given when the schedule last ran (ISO; null when
 * it never did, which starts counting from now rather than backing up at once). A server that
 * was down at the time catches up once.
 */
export function backupDue(schedule: BackupSchedule, lastRun: string | null, now: Date): boolean {
  if (!schedule.enabled || lastRun === null) return false;
  return new Date(lastRun).getTime() < lastBackupSlot(schedule.timeOfDay, now).getTime();
}
