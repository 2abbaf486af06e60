// `npm run restore -- <backup folder>`: restores a backup written by `npm run backup` into the
// EMPTY DATA_DIR (and, on PostgreSQL, the empty database of DATABASE_URL); then `npm run serve`.
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { restoreBackup } from '../modules/backups';
import { buildRepositories } from '../root/repositories';

const source = process.argv[2];
if (!source) {
  console.error('usage: npm run restore -- <backup folder>');
  process.exit(2);
}
const config = loadConfigOrExit();
try {
  const result = await restoreBackup(
    path.resolve(source),
    config,
    (db) => buildRepositories(db, config.database.kind).backups,
    (line) => console.log(line),
  );
  console.log(
    `restored the backup of ${result.manifest.createdAt} (${result.files} files) into ${config.dataDir}`,
  );
  if (result.databaseInstructions !== null) console.warn(result.databaseInstructions);
  console.log('start the server with: npm run serve');
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
