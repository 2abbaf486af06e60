import { NotFound } from '../errors';
import type { StoredFiles } from '../storage/stored-files';

export const FILE_MISSING = 'The file of this track is missing on the server';

/** Paths already reported, so a missing file a client retries is logged once (bounded). */
const reported = new Set<string>();
const REPORTED_MAX = 10_000;

/**
 * Throws a 404 naming the problem when a catalogue file is not on disk (deleted by hand, a music
 * drive not mounted), instead of the 500 its read would end in (issue 31 §3). Logged once per
 * path. Runs after the access checks, so it tells nothing to a caller who may not see the file.
 */
export async function assertOnDisk(
  files: StoredFiles,
  paths: string[],
  log: (message: string) => void = (message) => console.warn(message),
): Promise<void> {
  const missing = [...(await missingOnDisk(files, paths, log))];
  if (missing.length === 0) return;
  throw new NotFound(
    paths.length === 1
      ? FILE_MISSING
      : `${missing.length} of the ${paths.length} files of this collection are missing on the server`,
  );
}

/**
 * The paths (or storage keys) with nothing stored, each logged once; other failures (EACCES,
 * EIO, storage out of reach) throw.
 */
export async function missingOnDisk(
  files: StoredFiles,
  paths: string[],
  log: (message: string) => void = (message) => console.warn(message),
): Promise<Set<string>> {
  const missing = new Set<string>();
  await Promise.all(
    paths.map(async (path) => {
      if ((await files.stat(path)) === null) missing.add(path);
    }),
  );
  for (const path of missing) {
    if (reported.has(path)) continue;
    if (reported.size >= REPORTED_MAX) reported.clear();
    reported.add(path);
    log(`Media file missing on disk: ${path}`);
  }
  return missing;
}
