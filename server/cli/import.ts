// `npm run import -- <folder>`: adds the audio under a folder to the library (re-runs add only
// what is new).
import { resolve } from 'node:path';
import { importFolder } from '../jobs/library-import';
import { isFolder } from '../storage/folder-reads';
import { openLibrary } from './open-library';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: npm run import -- <folder>');
  process.exit(2);
}
const root = resolve(folder);
if (!(await isFolder(root))) {
  console.error(`${root} is not a folder`);
  process.exit(2);
}
const library = await openLibrary();
const started = Date.now();
let lastShown = 0;
const report = await importFolder(library.repo, library.images, root, {
  onProgress(done, total) {
    if (done === total || Date.now() - lastShown > 1000) {
      lastShown = Date.now();
      process.stdout.write(`\rreading tags: ${done}/${total}`);
    }
  },
});
process.stdout.write('\n');
console.log(
  `imported ${report.audioAdded} tracks and ${report.companionsAdded} other files into ` +
    `${report.collectionsCreated} new and ${report.collectionsUpdated} existing collections ` +
    `(${report.alreadyKnown} already known) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
for (const problem of report.problems) console.warn(`  skipped ${problem.path}: ${problem.error}`);
await library.db.destroy();
process.exitCode = report.problems.length > 0 ? 1 : 0;
