/*
 * The child of unprivileged-scan.ts: run as nobody, it imports SCAN_FOLDER into the database
 * SCAN_DATABASE names (the test app's) and prints the report as its last line. It checks first
 * that it really runs unprivileged, so a test built on it cannot pass by being root.
 */
import { createDatabase } from '../../server/db/database';
import type { DatabaseConfig } from '../../server/config';
import { importFolder } from '../../server/jobs/library-import';
import { ImageStore } from '../../server/media/image-store';
import { buildRepositories } from '../../server/root/repositories';

if (process.getuid?.() === 0) throw new Error('the unprivileged scan runs as root');
const folder = process.env.SCAN_FOLDER!;
const database = JSON.parse(process.env.SCAN_DATABASE!) as DatabaseConfig;
const { db, dialect } = createDatabase({ database });
try {
  const repo = buildRepositories(db, dialect).catalogueWrite;
  const images = new ImageStore(process.env.SCAN_IMAGES!);
  const report = await importFolder(repo, images, folder, { waveforms: false });
  process.stdout.write(`\n${JSON.stringify(report)}\n`);
} finally {
  await db.destroy();
}
