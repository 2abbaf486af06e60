// `npx tsx bench/offline-ready-run.ts`: only the offline-ready figure, on the last client build
// (run `npx vite build` first), without Lighthouse or the 100,000-collection server run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureOfflineReady, writeOfflineReadyReport } from './offline-ready-bench';
import { startServer } from './server-process';

const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-offline-bench-'));
const server = await startServer(dataDir, 'bench-password-1', { DEMO: '1' });
try {
  console.log('offline-ready: waiting for the background jobs of a first start...');
  await server.untilIdle();
  await writeOfflineReadyReport(await measureOfflineReady(server.base, server.cookie));
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
