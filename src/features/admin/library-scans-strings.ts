import type { ScanSummary } from '../../../domain/library-import';
import { formatDateTime, formatDuration } from '../../../domain/format';

/** English strings of a library's scans and the missing files, in /admin/settings. */
export const libraryScansStrings = {
  starting: 'Starting the scan',
  progress: 'Scan progress',
  running: (done: number, total: number) =>
    total === 0 ? 'Scanning: looking for files' : `Scanning: ${done} of ${total} files`,
  timeLeft: (seconds: number) => `About ${formatDuration(seconds)} left`,
  analysing: (done: number, total: number) =>
    `Analysing waveforms and loudness: ${done} of ${total} new files`,
  analysisProgress: 'Analysis progress',
  never: 'No scan yet.',
  lastDone: (at: string | null) => `Last scan finished ${formatDateTime(at)}`,
  lastFailed: (at: string | null) => `Last scan failed ${formatDateTime(at)}`,
  summary: (s: ScanSummary) =>
    `${s.seen} files seen: ${s.new} new, ${s.changed} changed, ${s.moved} moved, ` +
    `${s.missing} missing${s.restored ? `, ${s.restored} back` : ''}`,
  imported: (imported: number) => `${imported} tracks added`,
  noProblems: 'No problems.',
  missingTitle: 'Missing files',
  missingLoading: 'Counting missing files',
  missingNone: 'No file is missing.',
  missingCount: (count: number) =>
    count === 1
      ? '1 file is gone from the folder: hidden, kept in case it comes back.'
      : `${count} files are gone from the folder: hidden, kept in case they come back.`,
  removeMissing: 'Remove missing files',
  removeConfirm: (count: number) =>
    `Remove ${count === 1 ? 'this file' : `these ${count} files`} for good, with their likes, ratings and playlist entries?`,
  removeYes: 'Remove for good',
  removeNo: 'Keep them',
  removed: (count: number) => (count === 1 ? '1 file removed.' : `${count} files removed.`),
  problemsTitle: (count: number) =>
    count === 1 ? '1 file could not be read' : `${count} files could not be read`,
};
