import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

/**
 * Spec files that change what every other spec sees (settings, roles, the library's albums,
 * the built service worker) run one at a time after the rest; the rest share the server two
 * at a time. A new spec that changes global state belongs here.
 */
const exclusiveSpecs = [
  'admin-backups',
  'admin-roles',
  'admin-servers-torrent',
  'admin-settings',
  'auth-flows',
  'browse-blacklist',
  'browse-delete-mode',
  'browse-load-more',
  'browse-role-redirect',
  'browse',
  'collection-admin-actions',
  'collection-cover-from-file',
  'collection-details',
  'collection-discs',
  'downloads',
  'home-sections',
  'home',
  'lyrics',
  'party',
  // Captures the rendered sound in real time: beside a second browser on two cores the capture
  // attached late and matched the sweep at 0.43, retry after retry (landing checks, 2026-11-30).
  'player-gapless-samples',
  'store-admin-products',
  'store-admin-transactions',
  'store-balance',
  'store-stripe',
  'streaming-only',
  'sw-update',
  'upload-library',
  'user-upload',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  // Two cores: two browsers against one server is what they carry without starving it.
  workers: 2,
  projects: [
    { name: 'shared', testIgnore: exclusiveSpecs },
    { name: 'exclusive', testMatch: exclusiveSpecs, dependencies: ['shared'], workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A lazy route's first render on a loaded two-core machine (two browsers, the server, its
  // database and ffmpeg) took over 10 s now and then; waits end as soon as the page is there.
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A worker installing (and precaching the whole shell) in every test's fresh context was
    // most of a loaded run's time; the specs about offline use and updates allow it.
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
    // A trace recorded for every test (to keep the failures' ones) was about a fifth of the
    // suite's CPU: the browser's screencast and the runner's snapshots. A test that fails is
    // traced on its retry (CI); locally, `--trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
