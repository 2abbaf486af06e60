import { randomBytes } from 'node:crypto';

/* The transcoder's output files and how its runs fail (transcoder.ts). */

/** A result is written here beside its cache name and renamed into place only when whole. */
export const tempName = (target: string): string =>
  `${target}.tmp-${randomBytes(6).toString('hex')}`;
/** Removes a temporary file without throwing (storage's working-file helper). */
export { removeQuietly } from '../storage/work-files';

export const DISK_FULL_LOG = /No space left on device/i;

/** ffmpeg's failure; one that ran out of disk carries ENOSPC, so the caller hears 507. */
export function ffmpegFailure(code: number | null | 'aborted', stderr: string): Error {
  if (code === 'aborted') return new Error('aborted');
  const error = new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`);
  return DISK_FULL_LOG.test(stderr) ? Object.assign(error, { code: 'ENOSPC' }) : error;
}
