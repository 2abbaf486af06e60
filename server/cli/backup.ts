// `npm run backup -- <folder>`: writes a consistent backup of the server configured by the same
// DATA_DIR / DATABASE_URL as `npm run serve`, while that server runs. The backup is a new
// folder musicbox-backup-<time> under <folder>; see README "Backups".
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { DISK_FULL, isDiskFull } from '../errors';
import { writeBackup } from '../modules/backups';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <folder>');
  process.exit(2);
}
const config = loadConfigOrExit();
let shown = -1;
try {
  const { folder, manifest } = await writeBackup(config, path.resolve(target), (fraction) => {
    const percent = Math.floor(fraction * 100);
    if (percent >= shown + 10 || percent === 100) {
      shown = percent;
      process.stdout.write(`backing up: ${percent}%\n`);
    }
  });
  const megabytes = (manifest.totalBytes / 1024 / 1024).toFixed(1);
  console.log(`backup written to ${folder}: ${manifest.files.length} files, ${megabytes} MiB`);
  if ('instructions' in manifest.database) console.warn(manifest.database.instructions);
  for (const line of manifest.skipped) console.log(`  not included: ${line}`);
} catch (error) {
  const reason = isDiskFull(error)
    ? DISK_FULL
    : error instanceof Error
      ? error.message
      : String(error);
  console.error(`backup failed: ${reason}`);
  process.exit(1);
}
