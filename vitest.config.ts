import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that replace a module (vi.mock): they need a fresh module registry, so
 * they run isolated. Found, not listed, so a new one cannot leak its mock into other files.
 */
const mockingFiles = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/${name}`)
  .filter((path) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8')));

const serverProject = {
  // Migrates one database per run that every test app copies (see the file).
  // With TEST_STORAGE=s3, one s3rver for the run (see the file).
  globalSetup: ['tests/helpers/database-template.ts', 'tests/helpers/s3-global-setup.ts'],
  setupFiles: ['tests/helpers/per-file-state.ts'],
};

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Vitest's default is one file at a time on two cores (cores - 1). Most server files wait
    // on child servers, ffmpeg and databases rather than compute: four at once took the SQLite
    // run from 848 s to about 330 s here, with the same results.
    maxWorkers: Math.max(4, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'domain',
          include: ['domain/**/*.test.ts'],
          // Pure schemas and functions, no globals, mocks or module state: one process runs every
          // file, instead of a fresh one per file (which cost ten times the tests themselves).
          isolate: false,
        },
      },
      {
        extends: true,
        // Isolated: these stub globals, mock modules, set zod's global config, use happy-dom.
        test: { name: 'client', include: ['src/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          ...serverProject,
          name: 'server',
          include: ['tests/**/*.test.ts'],
          exclude: mockingFiles,
          // One module registry per worker, not per file: importing the server afresh for each
          // of ~190 files was most of the run (2.6 s a file; the run fell from 387 s to 173 s).
          // Every app a test builds is its own (database, data folder, timers closed with it).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...serverProject, name: 'server-mocking', include: mockingFiles },
      },
    ],
  },
});
