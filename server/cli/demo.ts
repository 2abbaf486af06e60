// `npm run demo`: generates and imports the demo label's catalogue into the configured library.
import { generateDemoLibrary } from '../demo/demo-library';
import { openLibrary } from './open-library';

const library = await openLibrary();
const started = Date.now();
const report = await generateDemoLibrary(library.repo, library.images, library.mediaDir, {
  log: console.log,
  files: library.files,
});
console.log(
  `demo library: ${report.collectionsCreated} collections and ${report.audioAdded} tracks added in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
for (const problem of report.problems) console.warn(`  skipped ${problem.path}: ${problem.error}`);
await library.db.destroy();
