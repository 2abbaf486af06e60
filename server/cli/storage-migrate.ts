// `npm run storage:migrate`: copies the local library of DATA_DIR into the object storage that
// S3_BUCKET names (same variables as `npm run serve`), pointing each file's row at its key once
// the object is whole. Run it with the server stopped or running; run it again after a cut.
import { loadConfigOrExit } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { createStorage } from '../storage/create-storage';
import { migrateToStorage } from '../storage/migrate-to-storage';
import { buildRepositories } from '../root/repositories';
import { StoredFiles } from '../storage/stored-files';

const config = loadConfigOrExit();
if (config.storage.kind !== 's3') {
  console.error('storage:migrate copies DATA_DIR into object storage: set S3_BUCKET first');
  process.exit(2);
}
const { db, dialect } = createDatabase(config);
try {
  await migrateToLatest(db, dialect);
  const files = new StoredFiles(await createStorage(config.storage), config.dataDir);
  const report = await migrateToStorage(
    buildRepositories(db, dialect).storedPaths,
    files,
    config.dataDir,
    (line) => console.log(line),
  );
  console.log(
    `done: ${report.filesMoved} files copied, ${report.filesAlreadyThere} already in the bucket, ` +
      `${report.imagesCopied} covers and thumbnails and ${report.uploadsCopied} members' uploads copied`,
  );
  if (report.leftInPlace > 0)
    console.log(
      `${report.leftInPlace} files stay where they are (outside DATA_DIR, such as MUSIC_DIR): ` +
        'mount that folder at the same path on every app server',
    );
  for (const path of report.missing.slice(0, 20)) console.warn(`missing on this disk: ${path}`);
  console.log('Local copies were kept: remove them once the server runs from the bucket.');
} catch (error) {
  console.error(
    `storage:migrate failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await db.destroy();
}
