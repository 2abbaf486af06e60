import { formatBytes, formatDateTime } from '../../../domain/format';

/** English strings of the Backups section of /admin/settings. */
export const backupsStrings = {
  title: 'Backups',
  intro:
    'A backup holds the database, the media, covers, uploads and the secret key, with a checksum ' +
    'for every file. Restore one with npm run restore (see the README).',
  loading: 'Loading backups',
  backUpNow: 'Back up now',
  starting: 'Starting the backup',
  progress: 'Backup progress',
  running: (percent: number) => `Backing up: ${percent}%`,
  never: 'No backup yet.',
  lastOk: (at: string | null, size: number, files: number) =>
    `Last backup: ${formatDateTime(at)}, ${formatBytes(size)} in ${files} files`,
  lastFailed: (at: string | null, error: string | null) =>
    `Last backup failed ${formatDateTime(at)}: ${error ?? 'unknown error'}`,
  where: (folder: string) => `Saved in ${folder}`,
  scheduleTitle: 'Daily backup',
  enabled: 'Back up every day',
  timeOfDay: 'Time of day (UTC)',
  retention: 'Backups to keep',
  retentionHelp: 'The oldest backups beyond this number are deleted after each backup.',
  folder: 'Folder on the server',
  folderHelp: (fallback: string) => `An absolute path. Empty: ${fallback}`,
  save: 'Save backup settings',
  saved: 'Backup settings saved',
};
