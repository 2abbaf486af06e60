import { execFile } from 'node:child_process';
import { chmod, readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { ImportReport } from '../../server/jobs/library-import';
import type { TestApp } from './test-app';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
const CHILD = join(import.meta.dirname, 'unprivileged-scan-child.ts');
/** nobody:nogroup, as on Debian: a user that owns nothing the test made. */
const NOBODY = '65534';

/**
 * Scans `folder` as a real unprivileged user (nobody), in a child process, on the test app's
 * own database: the tests run as root, whom chmod 000 does not stop, so "no permission to
 * read" can only be shown by a process the kernel refuses. The app's data folder (its SQLite
 * file and the images folder) is opened up for that user first; a PostgreSQL database is
 * reached over TCP. Answers the import's report.
 */
export async function scanAsNobody(t: TestApp, folder: string): Promise<ImportReport> {
  const dataDir = t.config.dataDir;
  await chmod(dataDir, 0o777);
  for (const name of await readdir(dataDir))
    if (name.startsWith('musicbox.db')) await chmod(join(dataDir, name), 0o666);
  // The library's own temporary parent was made 0700 by mkdtemp.
  await chmod(dirname(folder), 0o755);
  const { stdout } = await run(
    'setpriv',
    [
      ...[`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups'],
      ...[process.execPath, '--import', 'tsx', CHILD],
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        HOME: '/tmp',
        SCAN_FOLDER: folder,
        SCAN_DATABASE: JSON.stringify(t.config.database),
        SCAN_IMAGES: join(dataDir, 'images'),
      },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as ImportReport;
}
