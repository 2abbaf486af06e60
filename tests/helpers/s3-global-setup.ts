import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startS3rver } from './s3rver';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's s3rver (TEST_STORAGE=s3), or '' when test apps keep files in DATA_DIR. */
    s3Endpoint: string;
  }
}

/**
 * Vitest globalSetup: with TEST_STORAGE=s3, one s3rver (a local server speaking the S3
 * protocol) for the whole run; every test app then keeps its files in a bucket of its own there
 * (test-app.ts), so the same suites prove object storage end to end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_STORAGE !== 's3') {
    project.provide('s3Endpoint', '');
    return () => Promise.resolve();
  }
  const dir = await mkdtemp(join(tmpdir(), 'musicbox-s3rver-run-'));
  const { port, child } = await startS3rver(dir);
  project.provide('s3Endpoint', `http://127.0.0.1:${port}`);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
}
