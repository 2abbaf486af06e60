import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
          name: 'server',
          include: ['tests/**/*.test.ts'],
          // Migrates one database per run that every test app copies (see the file).
          // With TEST_STORAGE=s3, one s3rver for the run (see the file).
          globalSetup: ['tests/helpers/database-template.ts', 'tests/helpers/s3-global-setup.ts'],
        },
      },
    ],
  },
});
